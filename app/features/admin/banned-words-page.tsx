/**
 * The Banned Words page (docs/product/administration.md#banned-words): the add form, a grid of the words with
 * their count, and Delete per word, which asks first. Plain forms: they work
 * before (and without) JavaScript; with it Add is disabled while the field is
 * empty and the question is the browser's dialog.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { ErrorBox, inputClass, NoticeBox } from "~/components/ui/form";
import type { BannedWordsPageData } from "./banned-words-page.server";
import { ConfirmStepPanel, type ConfirmStepData, ConfirmDelete } from "./confirm-action";
import { useHydrated } from "~/lib/use-hydrated";

export function BannedWordsPage({
  data,
  error,
  typed,
  confirmStep,
}: {
  data: BannedWordsPageData;
  error: string | null;
  typed: string;
  confirmStep: ConfirmStepData | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [word, setWord] = useState(typed);
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const { words } = data;
  return (
    <div>
      <h1 className="mb-2 text-3xl font-bold text-slate-900">Banned Words</h1>
      <p className="mb-6 text-slate-700">
        Bios and comments containing one of these words (whole words, any case) are refused.
      </p>
      <div className="mb-4 space-y-3">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {!error && data.notice ? <NoticeBox>{data.notice}</NoticeBox> : null}
        {confirmStep ? <ConfirmStepPanel step={confirmStep} /> : null}
      </div>
      <Form
        method="post"
        className="mb-8 flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-4"
      >
        <input type="hidden" name="intent" value="add" />
        <div className="grow">
          <label htmlFor="banned-word" className="block text-sm font-semibold text-slate-800">
            Word to ban
          </label>
          <input
            id="banned-word"
            name="word"
            required
            maxLength={100}
            autoComplete="off"
            value={word}
            onChange={(e) => setWord(e.target.value)}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={hydrated && (adding || !word.trim())}
          className={`${primaryButton} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {adding ? "Adding…" : "Add"}
        </button>
      </Form>
      <section aria-labelledby="words-heading">
        <h2 id="words-heading" className="mb-3 text-xl font-bold text-slate-900">
          {`Banned words (${words.length})`}
        </h2>
        {words.length === 0 ? (
          <p className="text-slate-700">No banned words yet</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3">
            {words.map((w) => (
              <li
                key={w.id}
                className="flex items-center justify-between gap-2 rounded border border-slate-200 bg-white px-3 py-2"
              >
                <span className="font-mono break-all text-slate-900">{w.word}</span>
                <ConfirmDelete
                  question={data.question}
                  fields={{ intent: "remove", id: w.id }}
                  name={w.word}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
