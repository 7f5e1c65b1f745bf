// Refuses, in one line, a Node.js older than the project runs on, before anything else loads.
// server.js imports it first, and `npm run build` runs it (prebuild), so `npm start`,
// `npm run dev` and `npm run serve` all stop here on an old Node. Plain JavaScript without
// imports: it must itself run on any old Node.
//
// The minimum is React Router's (22.22; vite, vitest and sanitize-html need 22.12), the same
// as package.json's "engines"; .nvmrc names the version to use, 24.
export const MINIMUM_NODE = "22.22.0";

const [major, minor] = process.versions.node.split(".").map(Number);
const [needMajor, needMinor] = MINIMUM_NODE.split(".").map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    `FounderBridge needs Node.js ${MINIMUM_NODE} or newer (24 recommended, see .nvmrc); this is Node.js ${process.versions.node}.`,
  );
  process.exit(1);
}
