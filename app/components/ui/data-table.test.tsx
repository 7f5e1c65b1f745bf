import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DataTable, Pager, SearchableTable, TableSearch } from "./data-table";

const render = (node: React.ReactNode) => {
  const router = createMemoryRouter([{ path: "/", Component: () => node }], {
    initialEntries: ["/"],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

describe("DataTable", () => {
  it("headers as column headers, a caption for screen readers, the rows given", () => {
    const out = render(
      <DataTable caption="Users" headers={["User", "Email"]} empty="No users found.">
        {["a", "b"].map((u) => (
          <tr key={u}>
            <td>{u}</td>
            <td>{`${u}@example.com`}</td>
          </tr>
        ))}
      </DataTable>,
    );
    expect(out).toContain('<caption class="sr-only">Users</caption>');
    expect(out.match(/<th scope="col"/g)).toHaveLength(2);
    expect(out).toContain("<td>b@example.com</td>");
    expect(out).not.toContain("No users found.");
  });

  it("no rows: one row across every column says so", () => {
    const out = render(
      <DataTable headers={["Title", "Author", "Actions"]} empty="No posts found.">
        {[]}
      </DataTable>,
    );
    expect(out).toContain('<td colSpan="3" class="py-4 text-slate-700">No posts found.</td>');
  });
});

describe("TableSearch", () => {
  it("a GET search form with its hidden fields and the query typed", () => {
    const out = render(
      <TableSearch
        action="/admin"
        id="user-search"
        label="Search by username, name or email"
        query="asha"
        hidden={{ tab: "users" }}
      />,
    );
    expect(out).toMatch(/<form [^>]*role="search"[^>]*action="\/admin" method="get">/);
    expect(out).toContain('<input type="hidden" name="tab" value="users"/>');
    expect(out).toMatch(/<label for="user-search"[^>]*>Search by username, name or email<\/label>/);
    expect(out).toMatch(
      /<input id="user-search" type="search" maxLength="200"[^>]*name="q" value="asha"/,
    );
  });
});

describe("Pager", () => {
  const pager = (page: number, pageCount: number) =>
    render(
      <Pager
        label="Users pages"
        showing="Showing 21-40 of 45"
        pageLabel={`Page ${page} of ${pageCount}`}
        page={page}
        pageCount={pageCount}
        href={(p) => `/admin?tab=users&page=${p}`}
      />,
    );

  it("Previous and Next only where there is a page to go to", () => {
    const middle = pager(2, 3);
    expect(middle).toContain('<nav aria-label="Users pages"');
    expect(middle).toContain("Showing 21-40 of 45");
    expect(middle).toMatch(/href="\/admin\?tab=users&amp;page=1"[^>]*>Previous</);
    expect(middle).toMatch(/href="\/admin\?tab=users&amp;page=3"[^>]*>Next</);
    expect(pager(1, 3)).not.toContain("Previous");
    expect(pager(3, 3)).not.toContain("Next");
    expect(pager(1, 1)).toContain("Page 1 of 1");
  });
});

describe("SearchableTable", () => {
  it("the search (with the list's query), the table and the pager, in that order", () => {
    const out = render(
      <SearchableTable
        list={{
          query: "asha",
          page: 2,
          pageCount: 3,
          showing: "Showing 51-100 of 120",
          pageLabel: "Page 2 of 3",
        }}
        search={{
          action: "/admin",
          id: "user-search",
          label: "Search users",
          hidden: { tab: "users" },
        }}
        pagerLabel="Users pages"
        href={(p) => `/admin?tab=users&page=${p}`}
        caption="Users"
        headers={["User"]}
        empty="No users found."
      >
        {[]}
      </SearchableTable>,
    );
    const search = out.indexOf('role="search"');
    const table = out.indexOf("<table");
    const pager = out.indexOf('<nav aria-label="Users pages"');
    expect(search).toBeGreaterThan(-1);
    expect(table).toBeGreaterThan(search);
    expect(pager).toBeGreaterThan(table);
    expect(out).toMatch(/name="q" value="asha"/);
    expect(out).toContain("No users found.");
    expect(out).toContain("Showing 51-100 of 120");
    expect(out).toMatch(/href="\/admin\?tab=users&amp;page=3"[^>]*>Next</);
  });
});
