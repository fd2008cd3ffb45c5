import { useEffect, useId, useRef, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";

import { Toaster } from "~/components/feedback/toaster";
import type { FlashToast } from "~/lib/toast";
import { planImageSrc } from "./format";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { UpstreamImage } from "~/components/ui/upstream-image";
import {
  checkUpload,
  DEFAULT_ACCEPT,
  DEFAULT_MAX_SIZE_MB,
  SIGNATURE_BYTES,
  storedUploadValue,
  UPLOAD_MESSAGES,
} from "~/lib/upload-rules";

/** The upload widget's states (docs/product.md#tier-image-upload). */
export type UploadState = "idle" | "uploading" | "success" | "error";

/** What the screen's action answers to `intent=upload-url`. */
export type UploadUrlAnswer = { uploadUrl: string } | { uploadError: string };

/** The field a form posted without JavaScript carries the file in. */
export const UPLOAD_FILE_FIELD = "imageFile";

/**
 * The tier image upload widget (docs/product.md#tier-image-upload).
 *
 * With JavaScript, a picked file is checked (size, type, and its first bytes against its type), the screen's action is asked for a
 * presigned URL (a fetcher post with `intent=upload-url`: the upstream session cookie is
 * HttpOnly on the panel's origin, so only the panel can ask), and the browser PUTs the file
 * straight to that URL with its content type, showing the progress. The stored value (the URL
 * without query, scheme and host) goes into the hidden `name` field.
 *
 * Without JavaScript the file input is part of the multipart form (`imageFile`) and the action
 * does the same checks and upload; a remove button posts `intent=remove-image`.
 */
export function ImageUpload({
  label,
  name,
  value,
  onChange,
  apiOrigin,
  actionHref,
  error,
  maxSizeMb = DEFAULT_MAX_SIZE_MB,
  accept = DEFAULT_ACCEPT,
  onBusyChange,
}: {
  label: string;
  /** The hidden field holding the stored value. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The API origin, to show a stored path (docs/product.md#tier-image-upload). */
  apiOrigin: string;
  /** The action that answers `intent=upload-url`. */
  actionHref: string;
  /** An error from the server (a post without JavaScript). */
  error?: string;
  maxSizeMb?: number;
  accept?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const id = useId();
  const inputId = `${id}-file`;
  const statusId = `${id}-status`;
  const hydrated = useHydrated();
  const fetcher = useFetcher<UploadUrlAnswer>();
  const input = useRef<HTMLInputElement>(null);
  const pendingFile = useRef<File | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  const picks = useRef(0);
  const [state, setState] = useState<UploadState>(error ? "error" : "idle");
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<string | undefined>(error);
  const [fileName, setFileName] = useState<string | undefined>();
  // 'Image uploaded successfully!' is a success toast (docs/product.md#toasts-and-error-handling); without
  // JavaScript the action's answer carries it instead.
  const [uploadedToast, setUploadedToast] = useState<FlashToast | undefined>();

  const busy = state === "uploading";
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  // A server error arrives with a re-rendered form (a post without JavaScript, or one with it).
  // Taken over while rendering, as React advises for state that follows a prop.
  const [shownError, setShownError] = useState(error);
  if (error !== shownError) {
    setShownError(error);
    if (error) {
      setState("error");
      setMessage(error);
    }
  }

  function fail(text: string) {
    pendingFile.current = null;
    setState("error");
    setMessage(text);
    // Picking the same file again must fire a change.
    if (input.current) input.current.value = "";
  }

  async function start(file: File) {
    request.current?.abort();
    request.current = null;
    const pick = ++picks.current;
    setFileName(file.name);
    let head: Uint8Array;
    try {
      // The first bytes tell a real PNG from an SVG renamed to .png (the browser types it by its name).
      head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
    } catch {
      return fail(UPLOAD_MESSAGES.process);
    }
    // Another file was picked (or this one removed) while its bytes were read.
    if (pick !== picks.current) return;
    const problem = checkUpload(file, { maxSizeMb, accept }, head);
    if (problem) return fail(problem);
    pendingFile.current = file;
    setProgress(0);
    setMessage(undefined);
    setState("uploading");
    // Not awaited: the effect below takes the answer when it arrives.
    void fetcher.submit(
      { intent: "upload-url", fileName: file.name, fileType: file.type },
      { method: "post", action: actionHref },
    );
  }

  // The presigned URL has come back (each answer is a new object): PUT the file there, reporting progress.
  useEffect(() => {
    if (!fetcher.data || !pendingFile.current) return;
    const file = pendingFile.current;
    pendingFile.current = null;
    const answer = fetcher.data;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- this effect answers the fetcher; a refused upload shows why
    if ("uploadError" in answer) return fail(answer.uploadError);
    try {
      const xhr = new XMLHttpRequest();
      request.current = xhr;
      xhr.open("PUT", answer.uploadUrl);
      xhr.setRequestHeader("Content-Type", file.type);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) setProgress(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => {
        if (request.current !== xhr) return;
        request.current = null;
        if (xhr.status >= 200 && xhr.status < 300) {
          setProgress(100);
          setState("success");
          setMessage(undefined);
          setUploadedToast({ id: `uploaded-${picks.current}`, type: "success", message: UPLOAD_MESSAGES.success });
          onChange(storedUploadValue(answer.uploadUrl));
        } else {
          fail(UPLOAD_MESSAGES.status(xhr.status));
        }
      };
      xhr.onerror = () => {
        if (request.current !== xhr) return;
        request.current = null;
        fail(UPLOAD_MESSAGES.process);
      };
      xhr.send(file);
    } catch {
      fail(UPLOAD_MESSAGES.process);
    }
    // Runs when the fetcher's answer arrives; the handlers read the latest setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  // A file picked before the page finished loading would otherwise be dropped with the input's name.
  useEffect(() => {
    const picked = input.current?.files?.[0];
    if (hydrated && picked) void start(picked);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  useEffect(() => () => request.current?.abort(), []);

  function remove() {
    picks.current++;
    request.current?.abort();
    request.current = null;
    pendingFile.current = null;
    if (input.current) input.current.value = "";
    setFileName(undefined);
    setState("idle");
    setMessage(undefined);
    onChange("");
  }

  const src = planImageSrc(value, apiOrigin);
  // Only failures are said here; a finished upload is a toast.
  const tone = state === "error" ? "text-red-700" : "text-slate-600";

  return (
    <div data-testid="image-upload" data-state={state}>
      <Toaster toast={uploadedToast} />
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input type="hidden" name={name} value={value} />
      <div className="mt-1.5 flex flex-col gap-4 rounded-lg border border-dashed border-slate-300 p-4 sm:flex-row sm:items-center">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
          {src ? (
            <UpstreamImage src={src} label="Tier image" className="size-full" testId="image-upload-preview" />
          ) : (
            <Icon name="solid-photo" className="size-8 text-slate-400" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            // Without JavaScript the file travels with the form; with it the browser uploads it alone.
            name={hydrated ? undefined : UPLOAD_FILE_FIELD}
            accept={accept}
            disabled={busy}
            aria-describedby={statusId}
            aria-invalid={state === "error" || undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void start(file);
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          />
          <p className="text-xs text-slate-500">
            <Icon name="solid-arrow-up-tray" className="mr-1 inline size-3.5 align-[-2px]" />
            {`Images only, up to ${maxSizeMb}MB`}
          </p>
          {busy ? (
            <div className="space-y-1">
              <div
                role="progressbar"
                aria-label={fileName ? `Uploading ${fileName}` : "Uploading"}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className="h-full rounded-full bg-brand-600 transition-[width]"
                  style={{ width: `${progress}%` }}
                />
              </div>
              <p className="text-xs text-slate-600">{`Uploading... ${progress}%`}</p>
            </div>
          ) : null}
          <p
            id={statusId}
            role={state === "error" ? "alert" : "status"}
            className={`text-sm ${tone}`}
            data-field-error={state === "error" || undefined}
          >
            {message ? (
              <>
                {state === "error" ? (
                  <Icon name="solid-exclamation-circle" className="mr-1 inline size-4 align-[-3px]" />
                ) : null}
                {message}
              </>
            ) : null}
          </p>
          {value ? (
            <button
              type="submit"
              name="intent"
              value="remove-image"
              formNoValidate
              disabled={busy}
              onClick={(event) => {
                // With JavaScript the image is removed here; without it the post re-renders the form without it.
                event.preventDefault();
                remove();
              }}
              className={buttonClass("ghost", "sm", "text-red-700 hover:bg-red-50")}
            >
              <Icon name="solid-x-mark" className="size-4" />
              Remove image
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * A form screen's shouldRevalidate: asking for an upload URL (a fetcher post) changes no data,
 * so the screen's loaders do not run again; everything else revalidates as usual.
 */
export function skipRevalidationForUploadUrl({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return formData?.get("intent") === "upload-url" ? false : defaultShouldRevalidate;
}
