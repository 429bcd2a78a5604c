export default function Placeholder() {
  return <h1>admin dashboard</h1>;
}
