export default function QuoteDesk() {
  return <h1>Quotes</h1>;
}
