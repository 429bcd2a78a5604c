export default function Placeholder() {
  return <h1>product</h1>;
}
