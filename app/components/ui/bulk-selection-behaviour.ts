/**
 * What the bulk selection does once JavaScript runs (docs/product.md#bulk-selection), loaded after the
 * page has hydrated rather than with it: the form works without it. It shows '{n} selected' in the
 * form's status (all `matching` while "Select all N matching" holds), lets Shift+click tick or clear the
 * range of rows from the last one clicked, and lets "Select all on this page" tick or clear every
 * row at once instead of asking the server, showing whether they all are. Returns what stops it.
 */
export function followSelection(form: HTMLFormElement, matching: number): () => void {
  const count = form.querySelector<HTMLElement>("[role=status]")!;
  // The attribute: `form.id` is the form's own row checkboxes, named `id` (a form's named controls shadow its properties).
  const rows = () => [...document.querySelectorAll<HTMLInputElement>(`[form="${form.getAttribute("id")}"][name=id]`)];
  const pageButton = () =>
    form.querySelector<HTMLButtonElement>("button[name=select][value=page], button[name=select][value=none]");
  const allMatching = () => form.querySelector("input[type=hidden][name=scope][value=matching]") !== null;
  let last = -1;
  const show = () => {
    const boxes = rows();
    const ticked = boxes.filter((box) => box.checked).length;
    const page = pageButton();
    if (page) {
      const all = boxes.length > 0 && ticked === boxes.length;
      page.setAttribute("aria-pressed", String(all));
      page.value = all ? "none" : "page";
    }
    count.textContent = `${allMatching() ? matching : ticked} selected`;
  };
  const update = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const page = pageButton();
    if (page && target && page.contains(target)) {
      // Ticked here, at once: the form sends the rows as ticked.
      event.preventDefault();
      const tick = page.value === "page";
      for (const box of rows()) if (!box.disabled) box.checked = tick;
      last = -1;
      show();
      return;
    }
    const boxes = rows();
    const index = boxes.indexOf(target as HTMLInputElement);
    if (index < 0) return;
    if (event.shiftKey && last >= 0) {
      const checked = boxes[index]!.checked;
      for (const box of boxes.slice(Math.min(last, index), Math.max(last, index) + 1)) box.checked = checked;
    }
    last = index;
    show();
  };
  show();
  count.hidden = false;
  document.addEventListener("click", update);
  return () => document.removeEventListener("click", update);
}
