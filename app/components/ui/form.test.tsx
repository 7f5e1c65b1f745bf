// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { click, render, step, type Rendered } from "./dom.test-helper";
import {
  Checkbox,
  describedBy,
  EmailInput,
  ErrorBox,
  Field,
  FileInput,
  NoticeBox,
  PasswordInput,
  Select,
  TextArea,
  TextInput,
} from "./form";

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

describe("form widgets", () => {
  it("a field labels its control; the boxes are announced", () => {
    const html = renderToStaticMarkup(
      <Field label="Name" htmlFor="n">
        <TextInput id="n" name="name" />
      </Field>,
    );
    expect(html).toContain('<label for="n"');
    expect(html).toContain('<input type="text" class="');
    expect(renderToStaticMarkup(<ErrorBox>Bad</ErrorBox>)).toContain('role="alert"');
    expect(renderToStaticMarkup(<NoticeBox>Good</NoticeBox>)).toContain('role="status"');
  });

  it("a field shows its hint and message under the control, each with the id its control names", () => {
    const bare = renderToStaticMarkup(
      <Field label="Slug" htmlFor="s">
        <TextInput id="s" name="slug" aria-describedby={describedBy("s", {})} />
      </Field>,
    );
    expect(bare).not.toContain("aria-describedby");
    expect(bare).not.toContain('id="s-hint"');
    expect(bare).not.toContain('id="s-error"');

    const html = renderToStaticMarkup(
      <Field label="Slug" htmlFor="s" hint="Lower case" error="Taken">
        <TextInput
          id="s"
          name="slug"
          aria-describedby={describedBy("s", { hint: "Lower case", error: "Taken" })}
        />
      </Field>,
    );
    expect(html).toContain('aria-describedby="s-hint s-error"');
    expect(html).toMatch(
      /<input [^>]*\/><p id="s-hint" class="mt-1 text-sm text-slate-700">Lower case<\/p><p id="s-error"[^>]*>Taken<\/p>/,
    );
    expect(describedBy("s", { error: "Taken" })).toBe("s-error");
    expect(
      renderToStaticMarkup(
        <Field label="Slug" htmlFor="s" hint="Lower case" hintClassName="small">
          <TextInput id="s" name="slug" />
        </Field>,
      ),
    ).toContain('<p id="s-hint" class="small">Lower case</p>');
  });

  it("e-mail, textarea, select and checkbox render their native controls", () => {
    const email = renderToStaticMarkup(<EmailInput id="e" name="email" />);
    expect(email).toContain('type="email"');
    expect(email).toMatch(/autocomplete="email"/i);
    expect(renderToStaticMarkup(<TextArea id="t" name="bio" />)).toMatch(
      /^<textarea [^>]*id="t"[^>]*><\/textarea>$/,
    );
    expect(
      renderToStaticMarkup(
        <Select id="s" name="role" defaultValue="b">
          <option value="a">A</option>
          <option value="b">B</option>
        </Select>,
      ),
    ).toContain('<option value="b" selected="">B</option>');
    const checkbox = renderToStaticMarkup(<Checkbox id="c" name="featured" label="Featured" />);
    expect(checkbox).toMatch(
      /<label for="c"[^>]*><input type="checkbox"[^>]*id="c"[^>]*\/>Featured<\/label>/,
    );
  });

  it("a file input shows a progress bar only while uploading", () => {
    expect(renderToStaticMarkup(<FileInput id="f" name="photo" />)).not.toContain("<progress");
    expect(renderToStaticMarkup(<FileInput id="f" name="photo" progress={false} />)).not.toContain(
      "<progress",
    );
    // true: indeterminate (no value); a number: how far.
    expect(renderToStaticMarkup(<FileInput id="f" name="photo" progress />)).toMatch(
      /<progress aria-label="Uploading" [^>]*max="1"><\/progress>/,
    );
    expect(renderToStaticMarkup(<FileInput id="f" name="photo" progress={0.4} />)).toContain(
      'value="0.4"',
    );
  });

  it("the password's Show button shows it, and Hide hides it again", async () => {
    rendered = await render(<PasswordInput id="pw" name="password" />);
    const input = rendered.container.querySelector("input")!;
    const button = rendered.container.querySelector("button")!;
    expect(input.type).toBe("password");
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(button.getAttribute("aria-controls")).toBe("pw");
    expect(button.textContent).toBe("Show password");
    expect(button.type).toBe("button");
    await step(() => click(button));
    expect(input.type).toBe("text");
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(button.textContent).toBe("Hide password");
    await step(() => click(button));
    expect(input.type).toBe("password");
  });

  it("each password field's button has its own name", () => {
    expect(
      renderToStaticMarkup(<PasswordInput id="c" name="confirm" toggleName="confirm password" />),
    ).toContain("Show confirm password");
  });
});
