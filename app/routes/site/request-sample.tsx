export default function RequestSample() {
  return <h1>Request a Sample</h1>;
}
