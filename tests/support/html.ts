// A page the panel answered, read as a person without JavaScript reads it: parsed by happy-dom (no
// script runs, nothing else loads) and queried with Testing Library, by role and accessible name as
// Playwright's locators do. For integration tests about what the server's HTML says.
import { type BoundFunctions, configure, queries, within } from "@testing-library/dom";
import { Window } from "happy-dom";

// A failed query says what it looked for; the whole page's markup after it would bury that.
configure({
  getElementError(message) {
    const error = new Error(message ?? "");
    error.name = "TestingLibraryElementError";
    return error;
  },
});

/** A parsed page: Testing Library's queries over its body, and the document itself. */
export type HtmlPage = BoundFunctions<typeof queries> & { document: Document };

// One window parses every page of a test file; a page is a document of its own.
let window: Window | undefined;

function parser(): DOMParser {
  window ??= new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
    },
  });
  return new window.DOMParser() as unknown as DOMParser;
}

/** Parses a page's HTML. */
export function parsePage(html: string): HtmlPage {
  const document = parser().parseFromString(html, "text/html");
  return { document, ...within(document.body) };
}

/** Reads and parses the HTML a response carries (whatever its status). */
export async function htmlPage(response: Response): Promise<HtmlPage> {
  return parsePage(await response.text());
}

/**
 * What a form control holds as the server sent it, read from its markup: a field's value, a
 * select's chosen option (the last marked `selected`, else its first), a textarea's text; whether a
 * checkbox or switch is on.
 */
export function valueOf(control: HTMLElement): string | boolean {
  switch (control.tagName) {
    case "SELECT": {
      const options = [...control.querySelectorAll("option")];
      const chosen = options.findLast((option) => option.hasAttribute("selected")) ?? options[0];
      return chosen ? (chosen.getAttribute("value") ?? chosen.textContent ?? "") : "";
    }
    case "TEXTAREA":
      return control.textContent ?? "";
    case "INPUT": {
      const type = control.getAttribute("type");
      if (type === "checkbox" || type === "radio") return control.hasAttribute("checked");
      return control.getAttribute("value") ?? "";
    }
    default:
      throw new Error(`<${control.tagName.toLowerCase()}> is not a form control`);
  }
}

/**
 * An element's accessible description as its `aria-describedby` gives it (the texts of the
 * elements it names): for the controls Testing Library finds no role for, such as password inputs.
 */
export function descriptionOf(element: Element): string {
  const ids = element.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}
