export default function Placeholder() {
  return <h1>products</h1>;
}
