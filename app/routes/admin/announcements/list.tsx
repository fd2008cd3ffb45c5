// Placeholder: replaced by the announcements screen work.
export default function Page() {
  return null;
}
