export default function Placeholder() {
  return <h1>home</h1>;
}
