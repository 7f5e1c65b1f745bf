/**
 * The editor's embed block: an <iframe> of a YouTube, Vimeo, Spotify or
 * SoundCloud player (app/lib/embed.ts decides the address). What it writes
 * is what the sanitiser keeps (src, title, style): no data attributes, and
 * a player address from an allowed host only, so the published page shows
 * exactly this block.
 */
import { mergeAttributes, Node } from "@tiptap/core";
import { EMBED_TITLES, embedHeight, embedOf } from "~/lib/embed";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    embed: {
      /** Inserts the player for a link; false when the link is not one we embed. */
      setEmbed: (link: string) => ReturnType;
    };
  }
}

/** The attributes an embed is written with (also checked against the sanitiser in tests). */
export function embedAttributes(
  link: string,
): { src: string; title: string; style: string } | null {
  const embed = embedOf(link);
  if (!embed) return null;
  const audio = embed.provider === "spotify" || embed.provider === "soundcloud";
  return {
    src: embed.src,
    title: EMBED_TITLES[embed.provider],
    style: audio ? `height:${embedHeight(embed.provider)}px` : "",
  };
}

export const Embed = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null },
      title: { default: null },
      style: { default: null },
    };
  },
  parseHTML() {
    return [
      {
        tag: "iframe[src]",
        getAttrs: (element) => {
          const src = element.getAttribute("src") ?? "";
          // Bodies are sanitised on load: an iframe here already plays from an allowed host.
          return src.startsWith("https://") ? null : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    const attrs = Object.fromEntries(
      Object.entries(HTMLAttributes).filter(([, v]) => v !== null && v !== ""),
    );
    return ["iframe", mergeAttributes(attrs)];
  },
  addCommands() {
    return {
      setEmbed:
        (link) =>
        ({ commands }) => {
          const attrs = embedAttributes(link);
          if (!attrs) return false;
          return commands.insertContent({ type: this.name, attrs });
        },
    };
  },
});
