import { useState } from "react";
import { secondaryButton } from "~/components/ui/button-styles";
import { fieldClass } from "./field-class";
import type { WidgetValue } from "./editor-types";

function parse(raw: string, multiple: boolean): WidgetValue[] {
  if (!raw.trim()) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    if (multiple) return Array.isArray(value) ? (value as WidgetValue[]) : [];
    return value && typeof value === "object" ? [value as WidgetValue] : [];
  } catch {
    return [];
  }
}

/**
 * Sidebar widgets: an ordered list of image, HTML and text widgets (add,
 * edit, reorder, remove), or a single widget. The list travels in one hidden
 * JSON field, so without JavaScript the saved widgets are kept unchanged.
 */
export function WidgetsField({
  name,
  label,
  multiple,
  defaultValue,
  error,
  onChange,
}: {
  name: string;
  label: string;
  multiple: boolean;
  defaultValue: string;
  error?: string;
  onChange?: () => void;
}) {
  const [widgets, setWidgets] = useState<WidgetValue[]>(() =>
    parse(defaultValue, multiple).sort((a, b) => a.order - b.order),
  );
  const update = (next: WidgetValue[]) => {
    setWidgets(next.map((w, order) => ({ ...w, order })));
    // The hidden field changes after render; tell the form on the next tick.
    setTimeout(() => onChange?.(), 0);
  };
  const serialised = multiple
    ? JSON.stringify(widgets)
    : widgets[0]
      ? JSON.stringify(widgets[0])
      : "";
  const move = (from: number, to: number) => {
    const next = [...widgets];
    const [w] = next.splice(from, 1);
    next.splice(to, 0, w!);
    update(next);
  };
  const set = (index: number, patch: Partial<WidgetValue>) =>
    update(widgets.map((w, i) => (i === index ? { ...w, ...patch } : w)));

  return (
    <div className="space-y-3" role="group" aria-labelledby={`${name}-label`}>
      <p id={`${name}-label`} className="text-sm font-semibold text-slate-800">
        {label}
      </p>
      <input type="hidden" name={name} value={serialised} />
      {widgets.length === 0 ? <p className="text-sm text-slate-600">No widgets.</p> : null}
      <ol className="space-y-3">
        {widgets.map((widget, index) => (
          <WidgetItem
            key={index}
            id={`${name}-${index}`}
            widget={widget}
            index={index}
            count={widgets.length}
            multiple={multiple}
            onSet={(patch) => set(index, patch)}
            onMove={(to) => move(index, to)}
            onRemove={() => update(widgets.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      {multiple || widgets.length === 0 ? (
        <button
          type="button"
          className={secondaryButton}
          onClick={() => update([...widgets, { type: "text", order: widgets.length, content: "" }])}
        >
          Add widget
        </button>
      ) : null}
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

type WidgetEdits = {
  onSet: (patch: Partial<WidgetValue>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One widget: its type, its place in the list (Move up, Move down, Remove) and its fields. */
function WidgetItem({
  id,
  widget,
  index,
  count,
  multiple,
  onSet,
  onMove,
  onRemove,
}: WidgetEdits & {
  id: string;
  widget: WidgetValue;
  index: number;
  count: number;
  multiple: boolean;
}) {
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-type`} className="text-sm font-semibold text-slate-800">
          Widget {index + 1} type
        </label>
        <select
          id={`${id}-type`}
          value={widget.type}
          onChange={(e) => onSet({ type: e.target.value as WidgetValue["type"] })}
          className="rounded-md border border-slate-400 px-2 py-1 text-sm"
        >
          <option value="image">Image</option>
          <option value="html">HTML</option>
          <option value="text">Text</option>
        </select>
        {multiple ? (
          <>
            <button
              type="button"
              className="text-sm underline"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              Move up
            </button>
            <button
              type="button"
              className="text-sm underline"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              Move down
            </button>
          </>
        ) : null}
        <button type="button" className="text-sm text-red-700 underline" onClick={onRemove}>
          Remove
        </button>
      </div>
      <WidgetFields id={id} widget={widget} onSet={onSet} />
    </li>
  );
}

/** The fields of a widget's type: an image's address, link and alt text; HTML; or text. */
function WidgetFields({
  id,
  widget,
  onSet,
}: {
  id: string;
  widget: WidgetValue;
  onSet: WidgetEdits["onSet"];
}) {
  if (widget.type === "image") {
    return (
      <>
        <WidgetInput
          id={`${id}-image`}
          label="Image URL"
          value={widget.image_url}
          onChange={(v) => onSet({ image_url: v })}
        />
        <WidgetInput
          id={`${id}-link`}
          label="Link URL"
          value={widget.link_url}
          onChange={(v) => onSet({ link_url: v })}
        />
        <WidgetInput
          id={`${id}-alt`}
          label="Alt text"
          value={widget.content}
          onChange={(v) => onSet({ content: v })}
        />
      </>
    );
  }
  return widget.type === "html" ? (
    <WidgetInput
      id={`${id}-html`}
      label="HTML"
      multiline
      value={widget.html_code}
      onChange={(v) => onSet({ html_code: v })}
    />
  ) : (
    <WidgetInput
      id={`${id}-text`}
      label="Text"
      multiline
      value={widget.content}
      onChange={(v) => onSet({ content: v })}
    />
  );
}

function WidgetInput({
  id,
  label,
  value,
  multiline,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null | undefined;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-800">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          rows={4}
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value)}
          className={fieldClass}
        />
      ) : (
        <input
          id={id}
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value)}
          className={fieldClass}
        />
      )}
    </div>
  );
}
