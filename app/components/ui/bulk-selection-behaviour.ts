/**
 * What the bulk selection does once JavaScript runs (docs/product.md#bulk-selection), loaded after the
 * page has hydrated rather than with it: the form works without it. It shows '{n} selected' in
 * `count` (all `matching` while "Select all N matching" is ticked), lets Shift+click tick or clear
 * the range of rows from the last one clicked, and lets "Select all on this page" tick or clear every
 * row, showing whether they all are. Returns what stops it.
 */
export function followSelection(form: HTMLFormElement, matching: number, count: HTMLElement): () => void {
  const scope = (value: string) => form.querySelector<HTMLInputElement>(`[name=scope][value=${value}]`);
  // The attribute: `form.id` is the form's own row checkboxes, named `id` (a form's named controls shadow its properties).
  const rows = () => [...document.querySelectorAll<HTMLInputElement>(`[form="${form.getAttribute("id")}"][name=id]`)];
  let last = -1;
  const update = (event?: MouseEvent) => {
    const target = event?.target as HTMLInputElement;
    const boxes = rows();
    const index = boxes.indexOf(target);
    const page = scope("page")!;
    if (index >= 0) {
      if (event!.shiftKey && last >= 0) {
        for (const box of boxes.slice(Math.min(last, index), Math.max(last, index) + 1)) box.checked = target.checked;
      }
      last = index;
    } else if (target === page) for (const box of boxes) box.checked = page.checked;
    const ticked = boxes.filter((box) => box.checked).length;
    page.checked = ticked === boxes.length;
    count.textContent = `${scope("matching")?.checked ? matching : ticked} selected`;
  };
  // "Select all on this page" ticked before this code arrived still means every row.
  if (scope("page")!.checked) for (const box of rows()) box.checked = true;
  update();
  count.hidden = false;
  document.addEventListener("click", update);
  return () => document.removeEventListener("click", update);
}
