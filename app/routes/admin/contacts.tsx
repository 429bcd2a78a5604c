export default function Placeholder() {
  return <h1>admin contacts</h1>;
}
