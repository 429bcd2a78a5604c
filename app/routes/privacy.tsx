export default function Placeholder() {
  return <h1>privacy</h1>;
}
