export default function Placeholder() {
  return <h1>admin login</h1>;
}
