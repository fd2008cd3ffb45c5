// Placeholder: replaced by the public account pages work.
export default function Page() {
  return null;
}
