export default function Placeholder() {
  return <h1>terms</h1>;
}
