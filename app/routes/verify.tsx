export default function Placeholder() {
  return <h1>verify</h1>;
}
