export default function BuyerQuote() {
  return <h1>Quote</h1>;
}
