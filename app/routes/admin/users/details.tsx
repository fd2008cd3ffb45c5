// Placeholder: replaced by the users screen work.
export default function Page() {
  return null;
}
