export default function Placeholder() {
  return <h1>admin codes</h1>;
}
