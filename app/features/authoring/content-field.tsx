import { fieldClass } from "./field-class";

/**
 * The post body. Without JavaScript (and until the editor has loaded) it is
 * an HTML textarea; the rich-text editor, loaded only on authoring pages,
 * takes over and writes its HTML back into the same field.
 */
export function ContentField({
  defaultValue,
  onChange,
}: {
  defaultValue: string;
  onChange?: () => void;
}) {
  return (
    <textarea
      id="post-content"
      name="content"
      rows={16}
      defaultValue={defaultValue}
      onChange={onChange}
      className={`${fieldClass} font-mono text-sm`}
      aria-describedby="post-content-hint"
    />
  );
}
