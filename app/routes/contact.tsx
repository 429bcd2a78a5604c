export default function Placeholder() {
  return <h1>contact</h1>;
}
