/**
 * The bell's place on the members' shared page until the member's parts
 * arrive (decision 0154), and while the bell's code loads: the bell's size
 * and icon, a link to /notifications (what the bell is without JavaScript),
 * no count.
 */
export function BellSlot() {
  // Laid out as the bell's menu is (app/components/ui/dropdown-menu.tsx): the same box.
  return (
    <div className="relative">
      <a
        href="/notifications"
        data-slot="bell"
        aria-label="Notifications"
        className="relative inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
      </a>
    </div>
  );
}
