/**
 * Forty demo posts across the six named categories and `uncategorized`.
 * Figures and rules quoted here are hedged and point at the official source,
 * because readers of a demo may still act on what they read.
 */
import type { NamedCategorySlug } from "../seed";
import type { DemoChime } from "./audio";
import type { DemoUsername } from "./people";

export type DemoPost = {
  slug: string;
  title: string;
  category: NamedCategorySlug | "uncategorized";
  author: DemoUsername;
  status: "published" | "draft" | "pending";
  /** Published: days since publication. Draft or pending: days since the last edit. */
  daysAgo: number;
  featured?: boolean;
  excerpt: string;
  /** Tag names, lower case (docs/product/reading.md). */
  tags: string[];
  /** Drafts may have no image yet, which the UI must handle. */
  image?: boolean;
  /** Shows a post without the sidebar. */
  sidebarEnabled?: boolean;
  /** Shows per-post sidebar widgets. */
  sidebarWidgets?: boolean;
  /** A featured audio file the seed writes (a WAV chime, audio.ts): it plays without internet. */
  audio?: DemoChime;
  /** A featured video file shipped in demo-content/media/ (an MP4 played by the page's <video>). */
  video?: string;
  /** The video's WebVTT captions, shipped in demo-content/media/ (docs/decisions/0113). */
  captions?: string;
  /**
   * An Events post's event (docs/decisions/0115), relative to the day the demo is
   * seeded so that the upcoming ones stay upcoming: the start `inDays` days
   * on (negative: past) at the wall time `at` in `timeZone`.
   */
  event?: DemoEvent;
  content: string;
} & ({ type: "blog" } | { type: "external_link"; externalUrl: string });

export type DemoEvent = {
  inDays: number;
  /** "18:30", the local time at the event. */
  at: string;
  durationMinutes: number;
  timeZone: string;
  venue?: string;
  onlineUrl?: string;
  bookingUrl?: string;
};

export const DEMO_POSTS: DemoPost[] = [
  // ------------------------------------------------------------------ news
  {
    slug: "innovator-founder-visa-what-first-time-founders-need-to-know",
    title: "Innovator Founder visa: what first-time founders need to know",
    category: "news",
    author: "sarah_whitfield",
    status: "published",
    daysAgo: 6,
    featured: true,
    type: "external_link",
    externalUrl: "https://www.gov.uk/innovator-founder-visa",
    excerpt:
      "The official guidance on the UK's route for founders with an innovative, viable and scalable business idea — read it before you speak to an endorsing body.",
    tags: ["visas", "legal"],
    content:
      '<p>GOV.UK\'s page is the only authoritative source on eligibility, endorsement and fees. Read it alongside our <a href="/categories/guides">guides</a> before your first conversation with an endorsing body.</p>',
  },
  {
    slug: "uk-india-trade-what-founders-should-watch-this-quarter",
    title: "UK–India trade: what founders should watch this quarter",
    category: "news",
    author: "meera_iyer",
    status: "published",
    daysAgo: 3,
    featured: true,
    type: "blog",
    excerpt:
      "Tariffs make the headlines, but for most early-stage teams the changes that matter are about services, data and people moving between the two countries.",
    tags: ["market entry", "india entry", "sales"],
    content: `<p>Every few weeks a member asks us what the latest round of UK–India trade news means for them. The honest answer is usually: less than the headlines suggest, and more than you would think in the small print.</p>
<h2>Goods: read the schedules, not the summaries</h2>
<p>If you sell physical products — skincare, textiles, food, hardware — tariff lines are what move your margin. Summaries talk about averages; your product has one specific code. Find it, and check the current duty on the official tariff tools before you price a UK launch.</p>
<ul>
  <li>Look up your commodity code on the <a href="https://www.gov.uk/trade-tariff">UK Trade Tariff</a>.</li>
  <li>Check rules of origin: where your inputs come from can matter as much as where you assemble.</li>
  <li>Budget for labelling and product-safety rules, which no trade deal removes.</li>
</ul>
<h2>Services: where most of our members live</h2>
<p>For software, consulting and design businesses, the questions are about contracts, data transfers and how easily your people can travel to see customers. Those rarely make the front page, so we will keep tracking them here.</p>
<h2>What we suggest this quarter</h2>
<ol>
  <li>Write down the three rules that would most change your unit economics.</li>
  <li>Set a reminder to re-check them when anything is announced.</li>
  <li>Bring your questions to the next <a href="/categories/amas">mentor AMA</a>.</li>
</ol>
<p>We will update this post as official guidance is published. Nothing here is legal or tax advice — it is a list of what to look at.</p>`,
  },
  {
    slug: "startup-india-recognition-eligibility-and-benefits",
    title: "Startup India recognition: eligibility and benefits at a glance",
    category: "news",
    author: "arjun_nair",
    status: "published",
    daysAgo: 19,
    type: "external_link",
    externalUrl: "https://www.startupindia.gov.in/",
    excerpt:
      "If your company is registered in India, DPIIT recognition can unlock tax and compliance benefits. The official portal explains who qualifies.",
    tags: ["india entry", "tax"],
    content:
      "<p>The Startup India portal lists the eligibility criteria, the application process and the current benefits of recognition. Check it directly: the criteria have changed more than once.</p>",
  },
  {
    slug: "start-up-loans-who-qualifies",
    title: "Start Up Loans: who qualifies for the government-backed scheme",
    category: "news",
    author: "rohan_mehta",
    status: "published",
    daysAgo: 27,
    type: "external_link",
    externalUrl: "https://www.startuploans.co.uk/",
    excerpt:
      "Personal loans for founders of young UK businesses, with free mentoring attached. The scheme's own site has the eligibility checker.",
    tags: ["fundraising"],
    content:
      "<p>A government-backed personal loan is not venture capital, and that is the point: no equity, no board seat. Read the eligibility rules on the scheme's site before you apply.</p>",
  },
  {
    slug: "seis-and-eis-a-refresher-for-your-first-uk-round",
    title: "SEIS and EIS: a refresher before your first UK round",
    category: "news",
    author: "rohan_mehta",
    status: "published",
    daysAgo: 12,
    type: "blog",
    excerpt:
      "UK angels often ask about SEIS and EIS before they ask about your product. Here is what the schemes are, and the order in which to deal with them.",
    tags: ["fundraising", "tax"],
    content: `<p>Most UK angel investors will ask, within the first ten minutes, whether your round qualifies for SEIS or EIS. If you are moving from India, where these schemes do not exist, the question can catch you out.</p>
<h2>What the schemes do</h2>
<p>The Seed Enterprise Investment Scheme (SEIS) and the Enterprise Investment Scheme (EIS) give UK taxpayers income-tax relief when they invest in qualifying young companies. For an investor, that relief changes the maths of backing you considerably, which is why they ask.</p>
<h2>What usually matters for a founder</h2>
<ul>
  <li>The company raising the money generally needs to be UK-based with a permanent establishment here.</li>
  <li>There are limits on the company's age, size and how much it can raise under each scheme.</li>
  <li>Some trades do not qualify at all — check yours early.</li>
</ul>
<p>The exact limits change from time to time, so rely on <a href="https://www.gov.uk/guidance/venture-capital-schemes-apply-for-advance-assurance">HMRC's guidance on advance assurance</a> rather than on a blog post (including this one).</p>
<h2>The order that saves you pain</h2>
<ol>
  <li>Set up the UK company properly, with a clean cap table.</li>
  <li>Apply for advance assurance before you take the money.</li>
  <li>Issue shares only after the money arrives, and file the compliance statements afterwards.</li>
</ol>
<p>Get the sequence wrong and an investor can lose their relief. Get it right and you have removed one of the most common reasons a UK angel says "not yet".</p>`,
  },
  {
    slug: "companies-house-identity-verification-for-directors",
    title: "Companies House identity verification: what directors need to do",
    category: "news",
    author: "sarah_whitfield",
    status: "published",
    daysAgo: 41,
    type: "external_link",
    externalUrl: "https://www.gov.uk/government/organisations/companies-house",
    excerpt:
      "Directors and people with significant control of UK companies now have to verify their identity. Overseas directors included.",
    tags: ["legal", "company formation"],
    content:
      "<p>If you direct a UK company from India, identity verification applies to you too. Companies House publishes the current deadlines and the accepted ways to verify.</p>",
  },
  {
    slug: "quarterly-funding-round-up-uk-india-startups",
    title: "Quarterly funding round-up: UK–India startups",
    category: "news",
    author: "rohan_mehta",
    status: "draft",
    daysAgo: 1,
    image: false,
    type: "blog",
    excerpt:
      "Who raised, from whom, and what the rounds say about investor appetite in both markets.",
    tags: ["fundraising"],
    content: `<p>Notes for the round-up. Still collecting numbers from the community — reply in the mentors' channel if your round should be in here.</p>
<h2>Pre-seed</h2>
<ul>
  <li>Three B2B SaaS rounds, all with UK angels leading.</li>
  <li>One D2C round, Indian family office.</li>
</ul>
<h2>Seed</h2>
<p>To do: confirm amounts before publishing.</p>`,
  },

  // ---------------------------------------------------------------- guides
  {
    slug: "set-up-a-uk-limited-company-from-india-step-by-step",
    title: "How to set up a UK limited company from India, step by step",
    category: "guides",
    author: "sarah_whitfield",
    status: "published",
    daysAgo: 52,
    featured: true,
    sidebarWidgets: true,
    type: "blog",
    excerpt:
      "You do not need to live in the UK to form a UK company. You do need a registered office, a clear ownership structure and about an hour with the Companies House service.",
    tags: ["company formation", "legal", "market entry"],
    content: `<p>One of the questions we hear most often: <em>can I set up a UK company while I still live in India?</em> Yes. A UK private limited company can have directors and shareholders who live anywhere. What it cannot do is skip the paperwork.</p>
<h2>Before you start</h2>
<ul>
  <li><strong>A company name</strong> that is not already taken and does not use restricted words without permission.</li>
  <li><strong>A registered office address in the UK.</strong> It will be public. Many founders use a formation agent or their accountant's address.</li>
  <li><strong>At least one director</strong>, who must verify their identity with Companies House.</li>
  <li><strong>Shareholders and people with significant control</strong> — usually the founders, at first.</li>
  <li><strong>A SIC code</strong> describing what the company does.</li>
</ul>
<h2>The steps</h2>
<ol>
  <li>Check the name on the Companies House register.</li>
  <li>Decide the share structure. Ordinary shares with a small nominal value are typical; think now about a future option pool.</li>
  <li>Register online through GOV.UK's <a href="https://www.gov.uk/limited-company-formation">set up a limited company</a> service, and pay the fee shown there.</li>
  <li>Receive your certificate of incorporation, usually within a day or two.</li>
  <li>Register for Corporation Tax with HMRC once you start trading.</li>
</ol>
<h2>Choosing a share structure</h2>
<p>Most founders start with a single class of ordinary shares. It is simple, investors understand it, and you can add other classes later if a round requires them. Two decisions are worth a few minutes now.</p>
<ul>
  <li><strong>How many shares to issue.</strong> Issuing, say, 10,000 shares rather than 100 makes it easier to give small stakes to advisers or early employees later without fractions.</li>
  <li><strong>Nominal value.</strong> A very small nominal value per share keeps the amount each shareholder must pay for their shares trivial.</li>
  <li><strong>Who holds what.</strong> Write down the split between co-founders and the reasons for it. Our <a href="/post/ask-the-mentors-co-founder-equity">co-founder equity AMA</a> covers vesting, which investors will expect.</li>
</ul>
<p>If an Indian company or an Indian resident will hold shares, find out before you incorporate which Indian filings that triggers. It is much easier to get the structure right on day one than to move shares between entities later.</p>
<h2>Tax registrations</h2>
<p>Incorporation gives you a Unique Taxpayer Reference from HMRC, but it does not register you for everything. Once the company starts trading you will usually need to:</p>
<ol>
  <li>Register for Corporation Tax within the deadline HMRC sets from the start of trading.</li>
  <li>Register for VAT if your taxable turnover passes the threshold — or earlier, voluntarily, if your customers are VAT-registered businesses and you want to reclaim VAT on costs.</li>
  <li>Set up PAYE before you pay the first salary, including to yourself as a director.</li>
</ol>
<p>Check the current <a href="https://www.gov.uk/corporation-tax-rates">Corporation Tax rates</a> and thresholds on GOV.UK rather than relying on figures in old articles.</p>
<h2>What to budget for</h2>
<p>The registration fee is small. The costs founders underestimate are the recurring ones:</p>
<ul>
  <li>a registered office or mail-forwarding service, if you use one;</li>
  <li>an accountant who understands companies with overseas directors;</li>
  <li>annual accounts and the confirmation statement, each with its own deadline;</li>
  <li>professional advice on the India side if a parent company or Indian shareholders are involved.</li>
</ul>
<h2>What catches Indian founders out</h2>
<p>Three things come up again and again in our <a href="/categories/amas">AMAs</a>:</p>
<ul>
  <li>Opening a bank account takes longer than forming the company. Start early — see our <a href="/post/open-a-uk-business-bank-account-as-a-non-resident-director">banking guide</a>.</li>
  <li>If an Indian company will own the UK company, Indian rules on overseas investment apply to the parent. Talk to a chartered accountant in India first.</li>
  <li>Being a director does not give you the right to work in the UK. Immigration is a separate question.</li>
</ul>
<h2>After incorporation</h2>
<p>Put the recurring deadlines in a calendar on day one: the confirmation statement, annual accounts and the Corporation Tax return. Missing a Companies House filing brings automatic penalties, and they are avoidable.</p>
<blockquote>Nothing here is legal advice. If your structure involves two countries, an hour with a professional is cheaper than unwinding a mistake.</blockquote>`,
  },
  {
    slug: "open-a-uk-business-bank-account-as-a-non-resident-director",
    title: "Opening a UK business bank account as a non-resident director",
    category: "guides",
    author: "sarah_whitfield",
    status: "published",
    daysAgo: 47,
    type: "blog",
    excerpt:
      "High-street banks, digital banks and payment institutions all treat non-resident directors differently. What to prepare, and what to expect.",
    tags: ["banking", "company formation"],
    content: `<p>Forming a UK company takes a day. Getting it a bank account can take weeks, especially when no director lives in the UK. Here is how to make it faster.</p>
<h2>Know the three kinds of provider</h2>
<ul>
  <li><strong>High-street banks</strong> often want a director to be UK-resident or to visit a branch.</li>
  <li><strong>Digital business banks</strong> are quicker to open but may limit non-resident applicants.</li>
  <li><strong>Electronic money institutions</strong> open fastest; remember that deposits there are safeguarded rather than covered by the deposit guarantee scheme.</li>
</ul>
<h2>Prepare before you apply</h2>
<ol>
  <li>Certificate of incorporation and the company's register details.</li>
  <li>Passports and proof of address for every director and significant shareholder.</li>
  <li>A one-page description of the business: what you sell, to whom, and where the money comes from.</li>
  <li>Expected monthly volumes and the countries you will pay and be paid from.</li>
</ol>
<h2>Be clear about the India connection</h2>
<p>Compliance teams are not suspicious of cross-border businesses; they are suspicious of vague ones. Say plainly that the founders are in India, the customers are in the UK, and how money will flow between them.</p>
<p>Several members have written about their experience in our <a href="/categories/startup-story">startup stories</a>. If you have just been through it, tell us what worked in the comments.</p>`,
  },
  {
    slug: "pricing-your-saas-for-uk-customers",
    title: "Pricing your SaaS for UK customers: a practical guide",
    category: "guides",
    author: "arjun_nair",
    status: "published",
    daysAgo: 33,
    type: "blog",
    excerpt:
      "Indian SaaS founders tend to underprice in the UK. How to research willingness to pay, present prices in pounds and handle VAT without scaring buyers.",
    tags: ["saas", "pricing", "sales"],
    content: `<p>The most common mistake I see from Indian SaaS teams entering the UK is not the product. It is the price — almost always too low, and presented in a way that makes a British buyer nervous.</p>
<h2>Price for the value, not for your costs</h2>
<p>Your engineering costs are lower than a London competitor's. Your customer does not care. They compare you with the tool they use today and with the cost of the problem you solve.</p>
<ul>
  <li>Interview ten target customers before you publish a price.</li>
  <li>Ask what they pay now, and what it costs them when the problem is not solved.</li>
  <li>Test two price points in sales conversations before you commit.</li>
</ul>
<h2>Present prices the British way</h2>
<ol>
  <li>Quote in pounds sterling. Prices in dollars or rupees signal that you are not really here.</li>
  <li>Be explicit about VAT: business buyers expect prices "excluding VAT" on a B2B pricing page.</li>
  <li>Offer monthly and annual billing; public-sector and larger buyers often need invoices and purchase orders.</li>
</ol>
<h2>Discounts</h2>
<p>A founding-customer discount is fine. A permanent discount because you are "new to the market" anchors you low for years. Time-limit it and write the end date into the contract.</p>
<h2>Annual contracts and price rises</h2>
<p>Annual contracts give you predictable revenue and give buyers budget certainty. Put a clause in the contract that allows a price review at renewal, and use it: customers expect modest annual increases, and skipping them for a few years makes the eventual correction far harder.</p>
<ul>
  <li>Give notice of any price change well before the renewal date.</li>
  <li>Tie increases to something the customer recognises — new features, more usage, or inflation.</li>
  <li>Keep your founding customers on a clear, written deal; they will remember how you treated them.</li>
</ul>
<p>Want a second pair of eyes on your pricing page? Bring it to my next <a href="/categories/events">office hours</a>.</p>`,
  },
  {
    slug: "hiring-your-first-engineer-in-india-from-a-uk-company",
    title: "Hiring your first engineer in India while headquartered in the UK",
    category: "guides",
    author: "arjun_nair",
    status: "published",
    daysAgo: 24,
    type: "blog",
    excerpt:
      "Contractor, employer-of-record or your own Indian subsidiary: the options, the trade-offs and when to move from one to the next.",
    tags: ["hiring", "remote teams", "india entry"],
    content: `<p>You have a UK company and you want to hire your first engineer in Bengaluru, Pune or Kochi. You have three realistic options, and the right one changes as you grow.</p>
<h2>Option 1: an independent contractor</h2>
<p>Fastest and cheapest to set up. The risk is misclassification: if the person works like an employee — fixed hours, your equipment, only for you — the law may treat them as one. Fine for a short, well-defined project; risky for your core team.</p>
<h2>Option 2: an employer of record</h2>
<p>A provider employs the person in India on your behalf, handling payroll, statutory benefits and compliance, for a monthly fee per employee.</p>
<ul>
  <li>Good for your first one to ten hires in India.</li>
  <li>Check how the provider handles intellectual property assignment — it must flow to your UK company.</li>
  <li>Ask how share options will work for someone employed by a third party.</li>
</ul>
<h2>Option 3: your own Indian subsidiary</h2>
<p>Once the team is large enough, a private limited subsidiary gives you control and usually lowers the cost per head. It also brings transfer pricing, Indian accounts and local directors. Plan for months, not weeks.</p>
<h2>What to pay</h2>
<p>Salary data for Indian engineering talent moves quickly, and the best engineers compare offers from global companies, not just local ones. Three habits help you stay competitive without overpaying:</p>
<ul>
  <li>Benchmark against companies hiring for the same skills in the same city, not national averages.</li>
  <li>Be clear about the whole package: fixed pay, variable pay, statutory benefits, health insurance and equity.</li>
  <li>Explain how share options work in a UK company. Many candidates have never held options in a foreign company and will value them at zero unless you walk them through it.</li>
</ul>
<h2>Onboarding across time zones</h2>
<p>India is four and a half or five and a half hours ahead of the UK, depending on the time of year. That overlap is an advantage if you plan for it and a source of late nights if you do not.</p>
<ol>
  <li>Agree a daily overlap window of two to three hours and protect it for conversations.</li>
  <li>Write decisions down; the person who was asleep when a decision was made should be able to find it in the morning.</li>
  <li>Bring your first engineer to the UK for their first fortnight if you can. Meeting customers in person teaches more about the product than any specification.</li>
</ol>
<h2>Whatever you choose</h2>
<ol>
  <li>Put IP assignment and confidentiality in writing from day one.</li>
  <li>Pay on time, in rupees, with payslips — reputations travel fast in Indian engineering circles.</li>
  <li>Give your first engineer real ownership. Being the remote team rarely works; being the core team does.</li>
</ol>`,
  },
  {
    slug: "gdpr-and-indias-dpdp-act-a-founders-checklist",
    title: "A founder's checklist for UK GDPR and India's DPDP Act",
    category: "guides",
    author: "sarah_whitfield",
    status: "published",
    daysAgo: 15,
    type: "blog",
    excerpt:
      "Two data-protection regimes, one product. A short checklist to get the basics right before a UK customer's security questionnaire lands in your inbox.",
    tags: ["data protection", "legal", "saas"],
    content: `<p>If you collect personal data from people in the UK and you process it in India, you live under two data-protection regimes: the UK GDPR and India's Digital Personal Data Protection Act. The good news is that the habits that satisfy one go a long way towards the other.</p>
<h2>The checklist</h2>
<ol>
  <li><strong>Map your data.</strong> What do you collect, why, where is it stored and who can see it?</li>
  <li><strong>Pick a lawful basis</strong> for each use under the UK GDPR, and record it.</li>
  <li><strong>Write a privacy notice</strong> in plain English that matches what you actually do.</li>
  <li><strong>Cover international transfers.</strong> Sending UK personal data to India needs a transfer mechanism.</li>
  <li><strong>Sign data processing agreements</strong> with every supplier that touches personal data.</li>
  <li><strong>Plan for breaches:</strong> who decides, who notifies, and within what time.</li>
  <li><strong>Handle requests</strong> for access and deletion within the legal time limits.</li>
</ol>
<h2>Where to read more</h2>
<ul>
  <li>The <a href="https://ico.org.uk/">Information Commissioner's Office</a> has clear guidance for small businesses.</li>
  <li>India's Ministry of Electronics and IT publishes the DPDP Act and its rules.</li>
</ul>
<p>Enterprise customers in the UK will ask about all of this in their security questionnaire. Having the answers ready shortens your sales cycle — which is a better reason to do it than fear of fines.</p>`,
  },
  {
    slug: "setting-up-a-limited-company-official-guide",
    title: "Setting up a limited company: the official guide",
    category: "guides",
    author: "meera_iyer",
    status: "published",
    daysAgo: 70,
    type: "external_link",
    externalUrl: "https://www.gov.uk/set-up-limited-company",
    excerpt:
      "GOV.UK's own walkthrough of forming a private limited company, from choosing a name to registering for Corporation Tax.",
    tags: ["company formation"],
    content:
      '<p>The official walkthrough, from name to tax registration. Pair it with Sarah\'s <a href="/post/set-up-a-uk-limited-company-from-india-step-by-step">step-by-step guide for founders in India</a>.</p>',
  },
  {
    slug: "transfer-pricing-basics-for-a-uk-india-group",
    title: "Transfer pricing basics for a UK–India group",
    category: "guides",
    author: "rohan_mehta",
    status: "pending",
    daysAgo: 2,
    type: "blog",
    excerpt:
      "Once you have a UK parent and an Indian subsidiary, every service between them needs a price both tax authorities accept.",
    tags: ["tax", "india entry"],
    content: `<p>When your UK company pays your Indian subsidiary for engineering work, both HMRC and the Indian tax authorities care about the price. Set it too low or too high and one of them loses tax — and will say so.</p>
<h2>The arm's-length principle</h2>
<p>The price should be what two unrelated companies would agree. For a captive software development centre, that usually means cost plus a mark-up.</p>
<h2>What to put in place</h2>
<ul>
  <li>An intercompany agreement describing the services and the pricing method.</li>
  <li>A benchmarking study supporting the mark-up.</li>
  <li>Regular invoicing, actually paid — not a balance that grows for years.</li>
</ul>
<p>Your accountants in both countries should agree the approach before the first invoice.</p>`,
  },
  {
    slug: "writing-a-uk-investor-update-that-gets-read",
    title: "Writing a UK investor update that gets read",
    category: "guides",
    author: "rohan_mehta",
    status: "draft",
    daysAgo: 4,
    image: false,
    type: "blog",
    excerpt:
      "Monthly updates keep angels on side. A template that takes twenty minutes to fill in.",
    tags: ["fundraising"],
    content: `<p>Angels who hear from you every month are the ones who follow on. Here is the template I ask my portfolio to use.</p>
<h2>The template</h2>
<ol>
  <li>One-line summary: the month in a sentence.</li>
  <li>Numbers: revenue, burn, runway.</li>
  <li>Wins and lowlights.</li>
  <li>Asks: introductions, hires, advice.</li>
</ol>
<h2>An example</h2>
<p>From a London B2B software company, eight months after its pre-seed round (names and figures changed):</p>
<blockquote>
  <p><strong>March in a sentence:</strong> our first two enterprise pilots went live and one has already asked for a paid contract.</p>
  <p><strong>Numbers:</strong> £18,400 monthly recurring revenue (up 12%), £41,000 net burn, 14 months of runway.</p>
  <p><strong>Wins:</strong> the Bengaluru team shipped single sign-on a fortnight early.<br />
  <strong>Lowlights:</strong> a senior hire fell through at offer stage; we are re-running the search.</p>
  <p><strong>Asks:</strong> an introduction to a head of procurement at a UK high-street bank, and a recommendation for an employment lawyer who knows Skilled Worker visas.</p>
</blockquote>
<p>Notice what it leaves out: no adjectives, no long story. An angel can read it in a minute and act on the asks in five.</p>`,
  },

  // ------------------------------------------------------------------ AMAs
  {
    slug: "ama-recap-rohan-mehta-on-raising-pre-seed-in-london",
    title: "AMA recap: Rohan Mehta on raising a pre-seed round in London",
    category: "amas",
    author: "rohan_mehta",
    status: "published",
    daysAgo: 9,
    featured: true,
    type: "blog",
    excerpt:
      "Forty questions in ninety minutes. The best of them, on warm introductions, valuation and what UK angels look for in founders from India.",
    tags: ["fundraising", "pitching", "mentorship"],
    content: `<p>Thank you to everyone who joined last Thursday's AMA — and to the forty people who sent questions in advance. Here are the ones that came up most, with my answers tidied up a little.</p>
<h2>"I don't know any UK angels. Where do I start?"</h2>
<p>With people who know angels: accelerator alumni, accountants who work with startups, and founders one or two years ahead of you. A warm introduction from a founder an angel has backed is worth twenty cold e-mails.</p>
<h2>"Should I raise in the UK or in India?"</h2>
<p>Raise where your customers are going to be. If the plan is UK enterprise sales, UK investors bring introductions as well as money — and <a href="/post/seis-and-eis-a-refresher-for-your-first-uk-round">SEIS and EIS</a> make you more attractive to them.</p>
<h2>"How do I value a pre-revenue company?"</h2>
<p>You do not, precisely. You pick a round size that buys eighteen months of progress, and you give away a share you can live with. Most pre-seed rounds I see dilute founders by between ten and twenty per cent.</p>
<h2>"What makes you say no?"</h2>
<ul>
  <li>Founders who cannot explain who pays and why, in one sentence.</li>
  <li>Cap tables with large stakes held by people no longer involved.</li>
  <li>A UK plan that amounts to "we will hire a salesperson".</li>
</ul>
<h2>"Do UK angels invest in companies whose founders are in India?"</h2>
<p>Some do, especially angels with roots in India or experience there. Most will want the company itself to be UK-based and at least one founder to spend serious time with UK customers. Be honest about where the team is and what your plan is for the UK.</p>
<h2>"Should I take money from friends and family first?"</h2>
<p>It can be the right first step, as long as everyone understands they may lose all of it. Put it on proper terms — ideally the same documents professional investors will later see — so that your cap table does not need tidying before a real round.</p>
<h2>"How long does a pre-seed round take?"</h2>
<p>Longer than you hope. Three to six months from the first conversation to money in the bank is common. Start talking to investors before you need the money, and keep the business moving while you raise: traction gained during a round is the best argument for closing it.</p>
<h2>Resources mentioned</h2>
<ul>
  <li><a href="https://www.gov.uk/guidance/venture-capital-schemes-apply-for-advance-assurance">HMRC advance assurance for SEIS and EIS</a></li>
  <li>Our <a href="/categories/guides">guides</a> on company formation and banking</li>
</ul>
<p>Missed it? The next AMA is listed under <a href="/categories/events">events</a>.</p>`,
  },
  {
    slug: "ama-recap-sarah-whitfield-answers-your-visa-questions",
    title: "AMA recap: Sarah Whitfield answers your visa questions",
    category: "amas",
    author: "sarah_whitfield",
    status: "published",
    daysAgo: 38,
    type: "blog",
    excerpt:
      "Endorsement, switching from a student visa and bringing a co-founder: the questions you asked most, answered in general terms.",
    tags: ["visas", "legal", "mentorship"],
    content: `<p>Visas are the topic that fills our AMA queue fastest. These answers are general — every case turns on its facts, so please take individual advice before you apply.</p>
<h2>"Which visa lets me run my own startup in the UK?"</h2>
<p>For most founders coming from India, the relevant route is the <a href="https://www.gov.uk/innovator-founder-visa">Innovator Founder visa</a>, which needs endorsement from an approved endorsing body. Read the current eligibility rules on GOV.UK first.</p>
<h2>"I am on a student visa. Can I switch?"</h2>
<p>Sometimes, depending on your course and timing. Do not start trading on a student visa on the assumption that a switch will work out.</p>
<h2>"What do endorsing bodies look for?"</h2>
<ul>
  <li>An idea that is genuinely new, not a copy of an existing UK service.</li>
  <li>A business plan that is realistic about the market and about money.</li>
  <li>Evidence that you, personally, can deliver it.</li>
</ul>
<h2>"Can my co-founder come too?"</h2>
<p>Co-founders usually need their own endorsement and application. Plan both timelines together.</p>`,
  },
  {
    slug: "ama-recap-arjun-nair-on-selling-indian-saas-to-uk-enterprises",
    title: "AMA recap: Arjun Nair on selling Indian SaaS to UK enterprises",
    category: "amas",
    author: "arjun_nair",
    status: "published",
    daysAgo: 57,
    type: "blog",
    excerpt:
      "Security questionnaires, procurement and the first reference customer: what it really takes to close a UK enterprise deal from Bengaluru.",
    tags: ["saas", "sales", "mentorship"],
    content: `<p>My AMA ran over by half an hour, which tells you how much people want to talk about enterprise sales. The highlights:</p>
<h2>"How long is a UK enterprise sales cycle?"</h2>
<p>Longer than you planned. For our first customers, six to nine months from first call to signature was normal. Procurement and security reviews are most of that time.</p>
<h2>"Do I need a UK entity?"</h2>
<p>Many buyers will not put a supplier on their system without one. A UK company, a UK bank account and a UK phone number remove friction you cannot see.</p>
<h2>"How do we get the first reference?"</h2>
<ol>
  <li>Go narrow: one industry, one job title, one problem.</li>
  <li>Offer a paid pilot with clear success criteria — free pilots rarely convert.</li>
  <li>Ask for the reference in the contract, in writing.</li>
</ol>
<h2>"Security questionnaires are killing us."</h2>
<p>Write the answers once, keep them in a shared document, and get the basics certified. Our <a href="/post/gdpr-and-indias-dpdp-act-a-founders-checklist">data-protection checklist</a> covers half the questions you will be asked.</p>`,
  },
  {
    slug: "ask-the-mentors-co-founder-equity",
    title: "Ask the mentors: your top questions about co-founder equity",
    category: "amas",
    author: "meera_iyer",
    status: "published",
    daysAgo: 30,
    type: "blog",
    excerpt:
      "Equal splits, vesting and the co-founder who is still in a day job: our mentors answer the equity questions that arrive every week.",
    tags: ["equity", "mentorship", "legal"],
    content: `<p>Equity questions arrive in our inbox every week, so we put the most common ones to all three mentors at once.</p>
<h2>"Should we split equally?"</h2>
<p><strong>Rohan:</strong> Equal is fine if your contributions really are equal, and it avoids a painful conversation. What matters more is vesting.</p>
<h2>"What is vesting and do we need it?"</h2>
<p><strong>Sarah:</strong> Vesting means founders earn their shares over time, typically four years with a one-year cliff. It protects everyone if someone leaves early. Investors will expect it.</p>
<h2>"My co-founder is still employed in India. Does that change anything?"</h2>
<p><strong>Arjun:</strong> Agree, in writing, when they will go full-time and what happens if they do not. Check their employment contract for clauses about outside work and intellectual property.</p>
<h2>Quick answers</h2>
<ul>
  <li>Keep an option pool in mind before your first round.</li>
  <li>Record every share issue properly at Companies House.</li>
  <li>Put a shareholders' agreement in place before you need it.</li>
</ul>`,
  },
  {
    slug: "ama-prep-d2c-brands-session",
    title: "AMA prep: questions for our D2C brands session",
    category: "amas",
    author: "meera_iyer",
    status: "draft",
    daysAgo: 1,
    type: "blog",
    excerpt:
      "Collecting questions for next month's session with D2C founders selling in both markets.",
    tags: ["d2c", "community"],
    content: `<p>Draft list of questions so far:</p>
<ul>
  <li>Marketplaces or your own site for a UK launch?</li>
  <li>Product labelling and safety rules for cosmetics.</li>
  <li>Shipping from India versus a UK warehouse.</li>
</ul>
<p>Add more before Friday.</p>`,
  },

  // --------------------------------------------------------------- podcast
  {
    slug: "episode-12-building-a-fintech-bridge-between-mumbai-and-london",
    title: "Episode 12: Building a fintech bridge between Mumbai and London",
    category: "podcast",
    author: "meera_iyer",
    status: "published",
    daysAgo: 5,
    featured: true,
    type: "blog",
    audio: "rising",
    excerpt:
      "Rohan Mehta on regulators in two countries, the payment corridor nobody was serving and what he would do differently today.",
    tags: ["fintech", "fundraising", "market entry"],
    content: `<p>This week Meera sits down with mentor Rohan Mehta, who spent six years building a payments company serving small exporters between Mumbai and London before it was acquired.</p>
<h2>In this episode</h2>
<ul>
  <li>Why the corridor looked crowded from the outside and empty from the inside.</li>
  <li>Working with regulators in two countries at once — and hiring compliance before sales.</li>
  <li>The fundraising mistake that cost him a year.</li>
  <li>What he looks for now, as an angel, in fintech founders.</li>
</ul>
<h2>Show notes</h2>
<p>Rohan's <a href="/post/ama-recap-rohan-mehta-on-raising-pre-seed-in-london">AMA on pre-seed fundraising</a> goes deeper on several points from this conversation. The regulators mentioned are the UK's Financial Conduct Authority and the Reserve Bank of India.</p>
<blockquote>"We thought our competitors were the big banks. Our real competitor was a spreadsheet and a WhatsApp group."</blockquote>
<p>Subscribe to hear new episodes every other Tuesday.</p>`,
  },
  {
    slug: "episode-11-from-hostel-room-to-series-a",
    title: "Episode 11: From hostel room to Series A",
    category: "podcast",
    author: "meera_iyer",
    status: "published",
    daysAgo: 19,
    type: "blog",
    audio: "falling",
    excerpt:
      "A founder who started coding in a university hostel in Manchester on the three decisions that got her company to a Series A.",
    tags: ["fundraising", "community"],
    content: `<p>Our guest started her company in a university hostel in Manchester, with a co-founder back home in Ahmedabad. Four years later they closed a Series A. We talk about the decisions that mattered.</p>
<p>It is an honest conversation: about the months when neither founder was paid, the customer who nearly took the company down by paying late, and why she still answers support e-mails herself every Friday.</p>
<h2>Three decisions</h2>
<ol>
  <li><strong>Staying in the UK after graduating</strong>, and the visa route that made it possible.</li>
  <li><strong>Charging the first customer</strong>, even though it was a friend's company.</li>
  <li><strong>Splitting the team across two time zones</strong> on purpose — and the meeting rhythm that kept it working.</li>
</ol>
<h2>Mentioned in the episode</h2>
<ul>
  <li>Our <a href="/post/hiring-your-first-engineer-in-india-from-a-uk-company">guide to hiring in India from a UK company</a></li>
  <li>The <a href="/categories/startup-story">startup stories</a> archive</li>
</ul>`,
  },
  {
    slug: "episode-10-what-uk-buyers-expect-from-indian-suppliers",
    title: "Episode 10: What UK buyers expect from Indian suppliers",
    category: "podcast",
    author: "arjun_nair",
    status: "published",
    daysAgo: 34,
    type: "blog",
    excerpt:
      "A procurement lead at a UK retailer tells Arjun what makes an Indian supplier easy to buy from, and what ends the conversation.",
    tags: ["sales", "market entry"],
    content: `<p>Arjun talks to a procurement lead who has bought from suppliers in India for over a decade. Her advice is refreshingly specific.</p>
<h2>What makes a supplier easy to buy from</h2>
<ul>
  <li>Answering the questionnaire completely, the first time.</li>
  <li>A named person in the UK time zone for escalations.</li>
  <li>Clear payment terms and invoices in pounds.</li>
</ul>
<h2>What ends the conversation</h2>
<ul>
  <li>Missing insurance certificates.</li>
  <li>Vague answers on data handling — see our <a href="/post/gdpr-and-indias-dpdp-act-a-founders-checklist">data-protection checklist</a>.</li>
  <li>Over-promising on delivery dates.</li>
</ul>
<p>The full conversation runs 42 minutes.</p>`,
  },
  {
    slug: "listen-uk-export-support-for-growing-businesses",
    title: "Listen: export support for growing UK businesses",
    category: "podcast",
    author: "meera_iyer",
    status: "published",
    daysAgo: 63,
    type: "external_link",
    externalUrl: "https://www.great.gov.uk/",
    excerpt:
      "The UK government's export service, with guides, events and support for businesses selling abroad — including into India.",
    tags: ["market entry", "india entry"],
    content:
      "<p>great.gov.uk is the UK government's front door for exporting. Useful if your UK company plans to sell into India.</p>",
  },
  {
    slug: "episode-13-climate-tech-across-two-markets",
    title: "Episode 13: Climate tech across two markets",
    category: "podcast",
    author: "arjun_nair",
    status: "pending",
    daysAgo: 1,
    type: "blog",
    excerpt:
      "Two climate-tech founders on pilots in Indian cities, customers in the UK and grant funding on both sides.",
    tags: ["grants", "market entry"],
    content: `<p>Arjun talks to two founders building climate technology with pilots in India and paying customers in the UK.</p>
<h2>In this episode</h2>
<ul>
  <li>Why Indian cities make good test beds.</li>
  <li>Grant funding versus equity for hardware.</li>
  <li>Measuring impact in a way both markets accept.</li>
</ul>`,
  },

  // --------------------------------------------------------- startup stories
  {
    slug: "from-hyderabad-to-shoreditch-launching-a-skincare-brand-in-the-uk",
    title: "From Hyderabad to Shoreditch: launching a skincare brand in the UK",
    category: "startup-story",
    author: "meera_iyer",
    status: "published",
    daysAgo: 8,
    featured: true,
    type: "blog",
    excerpt:
      "Kavya Reddy's turmeric-and-neem skincare brand sold out its first London pop-up. Getting there took labelling rules, a UK warehouse and one very patient chemist.",
    tags: ["d2c", "market entry", "community"],
    content: `<p>When Kavya Reddy (<a href="/user/kavya_reddy">@kavya_reddy</a>) told her family she was taking her skincare brand to London, the first question was about the weather. The real challenges were more bureaucratic.</p>
<h2>Regulation first</h2>
<p>Cosmetics sold in Great Britain need a UK Responsible Person, a product safety report and notification before they go on sale. "I had assumed our Indian certifications would carry over," Kavya says. "None of them did."</p>
<ul>
  <li>She appointed a UK Responsible Person through a specialist consultancy.</li>
  <li>A cosmetic chemist reviewed every formula and label.</li>
  <li>The packaging was redesigned to carry the required information in English.</li>
</ul>
<h2>Shipping and stock</h2>
<p>Shipping individual orders from Hyderabad was too slow and too expensive. Kavya now sends stock by sea to a third-party warehouse near Birmingham, which handles UK orders within two days.</p>
<h2>The pop-up</h2>
<p>A two-week pop-up in Shoreditch was the turning point. "People could smell the products and hear the story," she says. It sold out in nine days, and the customer e-mail list paid for the next production run.</p>
<h2>Finding the first customers</h2>
<p>Before the pop-up, Kavya's UK sales came almost entirely from the Indian diaspora: friends of customers in Hyderabad who had moved to London, Leicester and Birmingham. "They already knew the ingredients," she says. "They were the easiest people to sell to and the hardest to grow beyond."</p>
<p>Reaching customers who had never heard of neem meant changing how the products were described. Ingredient-led copy gave way to copy about what each product does, with the story of the brand underneath rather than on top.</p>
<ul>
  <li>She rewrote product pages for UK search terms rather than translating the Indian site.</li>
  <li>She sent samples to a dozen independent beauty shops and followed up in person.</li>
  <li>She collected reviews from the first hundred UK customers before spending anything on advertising.</li>
</ul>
<h2>Money</h2>
<p>The UK launch was funded from Indian revenue and a small loan, not outside investment. That made Kavya cautious about stock: the first UK shipment was deliberately small, and the second was ordered only when the first had sold through. "Running out is embarrassing," she says, "but sitting on unsold stock in a foreign warehouse can end the whole thing."</p>
<h2>What she would tell you</h2>
<ol>
  <li>Budget twice the time you expect for regulation.</li>
  <li>Find a warehouse before you find a shop.</li>
  <li>Your story is your marketing — tell it in person.</li>
</ol>
<p>Kavya will join our next D2C session under <a href="/categories/amas">AMAs</a>. Bring your questions.</p>`,
  },
  {
    slug: "our-first-uk-customer-took-nine-months",
    title: "Our first UK customer took nine months. Here's what finally worked",
    category: "startup-story",
    author: "arjun_nair",
    status: "published",
    daysAgo: 45,
    type: "blog",
    excerpt:
      "Sixty demos, three near-misses and a procurement process longer than our runway. The story of the first UK contract, and the change that won it.",
    tags: ["saas", "sales"],
    content: `<p>In our first year selling into the UK we gave sixty demos and signed nobody. I want to write down what we got wrong, because I see other teams making the same mistakes.</p>
<h2>What we did wrong</h2>
<ul>
  <li>We sold to anyone who would take a call, across five industries.</li>
  <li>We ran every demo from Bengaluru at 9 p.m. our time, tired and rushed.</li>
  <li>We had no UK company, so procurement stalled at "supplier onboarding".</li>
</ul>
<h2>What changed</h2>
<ol>
  <li>We picked one industry — mid-sized logistics — and rewrote every page for it.</li>
  <li>I moved to London for six months and met customers in person.</li>
  <li>We formed a UK company and opened a UK bank account.</li>
  <li>We offered a paid, eight-week pilot with success criteria the customer wrote.</li>
</ol>
<h2>The result</h2>
<p>The next pilot converted into a three-year contract, and that customer introduced us to two more. None of the product changes we had agonised over made any difference. Focus and presence did.</p>`,
  },
  {
    slug: "why-we-moved-headquarters-to-london-and-kept-engineering-in-kochi",
    title: "Why we moved our headquarters to London — and kept engineering in Kochi",
    category: "startup-story",
    author: "rohan_mehta",
    status: "published",
    daysAgo: 66,
    type: "blog",
    excerpt:
      "A founder explains the two-country structure that let his team hire great engineers in Kerala while selling to British insurers.",
    tags: ["remote teams", "hiring", "company formation"],
    content: `<p>This story comes from a founder I have mentored for two years. With his permission, here is how his team ended up with a London head office and an engineering centre in Kochi.</p>
<h2>Why London</h2>
<p>Their customers are UK insurers. Being a UK company, with UK directors' meetings and a UK address, changed how seriously procurement teams took them — and made UK angels far more comfortable investing.</p>
<h2>Why Kochi</h2>
<p>Not Bengaluru, on purpose. Kochi gave them experienced engineers who wanted to stay near family, lower attrition and a team that has stayed together for five years.</p>
<h2>How the structure works</h2>
<ul>
  <li>A UK parent company holds the intellectual property and the customer contracts.</li>
  <li>An Indian subsidiary employs the engineering team and invoices the parent at cost plus a margin.</li>
  <li>Both boards meet quarterly; the founders sit on both.</li>
</ul>
<h2>What it costs</h2>
<p>Two sets of accounts, two sets of auditors and careful transfer pricing. "It is a tax on our attention," he says, "but it is cheaper than the alternative."</p>`,
  },
  {
    slug: "bootstrapped-to-profitable-a-two-country-agency-story",
    title: "Bootstrapped to profitable: a two-country agency story",
    category: "startup-story",
    author: "rohan_mehta",
    status: "published",
    daysAgo: 81,
    type: "blog",
    excerpt:
      "No investors, no debt: how a design agency with studios in Leeds and Jaipur grew to thirty people on client revenue alone.",
    tags: ["community", "remote teams"],
    content: `<p>Not every company needs venture capital. This is the story of a design agency that grew from two founders to thirty people on revenue alone.</p>
<h2>The start</h2>
<p>Two friends from design school — one in Leeds, one in Jaipur — started taking small projects together. Clients in Yorkshire liked the fast turnaround that two time zones gave them.</p>
<h2>What made it work</h2>
<ul>
  <li>Clear handovers at the end of each working day, written down.</li>
  <li>The same pay bands in both studios, adjusted for cost of living.</li>
  <li>A rule never to take a client who only wanted the cheapest price.</li>
</ul>
<h2>Profit first</h2>
<p>They set aside profit every month before paying themselves. "It felt slow," one founder says, "but we have never had a month where we could not pay everyone."</p>`,
  },
  {
    slug: "startup-stories-from-the-innovate-uk-community",
    title: "Startup stories from the Innovate UK community",
    category: "startup-story",
    author: "meera_iyer",
    status: "published",
    daysAgo: 74,
    type: "external_link",
    externalUrl: "https://www.ukri.org/councils/innovate-uk/",
    excerpt:
      "Innovate UK funds and supports business-led innovation. Its site has case studies and current funding competitions.",
    tags: ["grants"],
    content:
      "<p>Innovate UK's case studies show how grant funding has helped UK companies develop new products. Check the open competitions regularly.</p>",
  },
  {
    slug: "lessons-from-a-failed-uk-launch",
    title: "Lessons from a failed UK launch",
    category: "startup-story",
    author: "arjun_nair",
    status: "draft",
    daysAgo: 5,
    type: "blog",
    excerpt:
      "Not every story ends well. What a founder learned from closing her UK office after a year.",
    tags: ["market entry"],
    content: `<p>Interview notes — to be written up.</p>
<ul>
  <li>Hired a country manager too early.</li>
  <li>No local customers before opening the office.</li>
  <li>Ran out of money waiting for procurement.</li>
</ul>`,
  },

  // ----------------------------------------------------------------- events
  {
    slug: "london-founder-meet-up-uk-india-expansion-night",
    title: "London founder meet-up: UK–India expansion night",
    category: "events",
    author: "meera_iyer",
    status: "published",
    daysAgo: 2,
    featured: true,
    event: {
      inDays: 12,
      at: "18:30",
      durationMinutes: 150,
      timeZone: "Europe/London",
      venue: "Second Home Spitalfields, 68 Hanbury Street, London E1 5JL",
    },
    type: "blog",
    excerpt:
      "An evening of short talks and long conversations for founders building between the UK and India. Free for members; places are limited.",
    tags: ["community", "mentorship"],
    content: `<p>Our next London meet-up is an evening for founders who are building between the two countries — or thinking about it.</p>
<h2>The evening</h2>
<ul>
  <li><strong>6.30 p.m.</strong> Doors open, chai and samosas.</li>
  <li><strong>7.00 p.m.</strong> Three ten-minute talks: banking, hiring and a founder's story.</li>
  <li><strong>7.45 p.m.</strong> Mentor tables: sit with Rohan, Sarah or Arjun for twenty minutes each.</li>
  <li><strong>9.00 p.m.</strong> Close.</li>
</ul>
<h2>Who should come</h2>
<p>Founders at any stage, students thinking about starting up, and professionals who want to help. Approved members can reserve a place; if you have just joined, your account may still be <a href="/pending-approval">pending approval</a>.</p>
<h2>Accessibility</h2>
<p>The venue is step-free with an accessible toilet. Tell us about any other needs when you reserve and we will do our best.</p>`,
  },
  {
    slug: "bengaluru-office-hours-with-our-mentors",
    title: "Bengaluru office hours with our mentors",
    category: "events",
    author: "arjun_nair",
    status: "published",
    daysAgo: 11,
    sidebarWidgets: true,
    captions: "bengaluru-office-hours.vtt",
    event: {
      inDays: 5,
      at: "10:00",
      durationMinutes: 180,
      timeZone: "Asia/Kolkata",
      venue: "91springboard, 7th Block, Koramangala, Bengaluru 560095",
      onlineUrl: "https://meet.jit.si/founderbridge-bengaluru-office-hours",
    },
    type: "blog",
    video: "bengaluru-office-hours.mp4",
    excerpt:
      "Book a free twenty-minute slot with a mentor in Bengaluru. Bring one question and leave with one next step.",
    tags: ["mentorship", "community"],
    content: `<p>Once a month I hold office hours in Bengaluru for founders planning a UK launch. Slots are free for members and last twenty minutes.</p>
<h2>How it works</h2>
<ol>
  <li>Choose a slot and tell us your question in one sentence.</li>
  <li>Send any material — a deck, a pricing page — two days before.</li>
  <li>Leave with one concrete next step.</li>
</ol>
<h2>Good questions to bring</h2>
<ul>
  <li>"Is our UK pricing in the right range?" (See the <a href="/post/pricing-your-saas-for-uk-customers">pricing guide</a> first.)</li>
  <li>"Should we form the UK company now or after the first customer?"</li>
  <li>"Which industry should we target first?"</li>
</ul>
<p>Cannot make Bengaluru? Online slots are available in the same week.</p>`,
  },
  {
    slug: "online-workshop-preparing-for-innovator-founder-endorsement",
    title: "Online workshop: preparing for your Innovator Founder endorsement",
    category: "events",
    author: "sarah_whitfield",
    status: "published",
    daysAgo: 22,
    sidebarEnabled: false,
    event: {
      inDays: 19,
      at: "12:30",
      durationMinutes: 90,
      timeZone: "Europe/London",
      onlineUrl: "https://meet.jit.si/founderbridge-endorsement-workshop",
    },
    type: "blog",
    excerpt:
      "A ninety-minute online workshop on business plans for endorsement: what assessors read first and the mistakes that lead to refusals.",
    tags: ["visas", "legal"],
    content: `<p>This online workshop walks through a business plan written for endorsement under the Innovator Founder route.</p>
<h2>We will cover</h2>
<ul>
  <li>How innovation, viability and scalability are usually assessed.</li>
  <li>Market evidence that carries weight — and evidence that does not.</li>
  <li>Financial forecasts that are ambitious without being fantasy.</li>
</ul>
<h2>Before you join</h2>
<p>Read the official <a href="https://www.gov.uk/innovator-founder-visa">Innovator Founder visa guidance</a> and the recap of my <a href="/post/ama-recap-sarah-whitfield-answers-your-visa-questions">visa AMA</a>. The workshop is general information, not advice on your application.</p>`,
  },
  {
    slug: "invest-india-investor-connects-and-roadshows",
    title: "Invest India: investor connects and roadshows",
    category: "events",
    author: "rohan_mehta",
    status: "published",
    daysAgo: 49,
    type: "external_link",
    externalUrl: "https://www.investindia.gov.in/",
    excerpt:
      "India's national investment promotion agency lists its upcoming events, sector briefings and support for companies investing in India.",
    tags: ["india entry", "fundraising"],
    content:
      "<p>Invest India's events calendar is worth a look if your UK company plans to set up or expand in India.</p>",
  },
  {
    slug: "pitch-night-recap-six-founders-two-markets",
    title: "Pitch night recap: six founders, two markets, one winner",
    category: "events",
    author: "rohan_mehta",
    status: "published",
    daysAgo: 58,
    event: {
      inDays: -60,
      at: "18:00",
      durationMinutes: 180,
      timeZone: "Asia/Kolkata",
      venue: "WeWork BKC, G Block, Bandra Kurla Complex, Mumbai 400051",
    },
    type: "blog",
    excerpt:
      "Six founders pitched to a panel of UK and Indian angels. What the winner did differently, and the feedback every pitch received.",
    tags: ["pitching", "fundraising", "community"],
    content: `<p>Six founders, five minutes each, a panel of four angels — two from London, two from Mumbai. Here is what we learned.</p>
<h2>The winner</h2>
<p>A route-planning tool for logistics firms, pitched by <a href="/user/ananya_gupta">Ananya Gupta</a>. She opened with one customer's fuel bill before and after, and only then explained the product.</p>
<h2>Feedback every founder heard</h2>
<ul>
  <li>Say who pays in the first thirty seconds.</li>
  <li>Show traction in numbers, not adjectives.</li>
  <li>Explain why the UK, and why now.</li>
</ul>
<h2>What the panel disagreed on</h2>
<p>The London angels wanted to see UK customers before investing; the Mumbai angels were happy to back Indian traction first. Both are reasonable — know which kind of investor you are talking to.</p>`,
  },
  {
    slug: "london-tech-week-dates-and-tickets",
    title: "London Tech Week: dates and tickets",
    category: "events",
    author: "meera_iyer",
    status: "published",
    daysAgo: 28,
    event: {
      inDays: 40,
      at: "09:00",
      durationMinutes: 4 * 24 * 60 + 9 * 60,
      timeZone: "Europe/London",
      venue: "Olympia London, Hammersmith Road, London W14 8UX",
      bookingUrl: "https://londontechweek.com/",
    },
    type: "external_link",
    externalUrl: "https://londontechweek.com/",
    excerpt:
      "The UK's largest technology festival. Several members are going; say hello in the comments if you are too.",
    tags: ["community"],
    content:
      "<p>Dates, speakers and tickets are on the official site. We will organise an informal FounderBridge meet-up during the week.</p>",
  },

  // ----------------------------------------------------------- uncategorized
  {
    slug: "welcome-to-founderbridge",
    title: "Welcome to FounderBridge",
    category: "uncategorized",
    author: "meera_iyer",
    status: "published",
    daysAgo: 89,
    type: "blog",
    excerpt:
      "Why we started a community for founders building between the UK and India, and how to get the most out of it.",
    tags: ["community", "mentorship"],
    content: `<p>FounderBridge exists because building a company across two countries is lonely, and it does not need to be.</p>
<h2>What you will find here</h2>
<ul>
  <li><a href="/categories/guides">Guides</a> to the practical work: companies, banks, visas, hiring.</li>
  <li><a href="/categories/amas">AMAs</a> with mentors who have done it.</li>
  <li><a href="/categories/startup-story">Startup stories</a>, including the ones that did not go to plan.</li>
  <li><a href="/categories/events">Events</a> in London, Bengaluru and online.</li>
</ul>
<h2>How to take part</h2>
<ol>
  <li>Complete your profile, so people know who they are talking to.</li>
  <li>Follow the mentors whose work is closest to yours.</li>
  <li>Ask questions in the comments — someone has usually been there.</li>
</ol>
<p>New accounts are approved by a person, usually within a day. Thank you for joining us.</p>`,
  },
  {
    slug: "community-guidelines",
    title: "Community guidelines: how we talk to each other here",
    category: "uncategorized",
    author: "meera_iyer",
    status: "published",
    daysAgo: 88,
    type: "blog",
    excerpt:
      "Be generous, be specific and keep it legal. The short version of how we keep FounderBridge useful.",
    tags: ["community"],
    content: `<p>These guidelines are short because most people do not need them. They are here for the few occasions when someone does.</p>
<h2>Do</h2>
<ul>
  <li>Share what worked and what did not, with numbers where you can.</li>
  <li>Disagree with ideas, politely.</li>
  <li>Say when you are not sure.</li>
</ul>
<h2>Do not</h2>
<ul>
  <li>Sell in the comments. Share your product when someone asks.</li>
  <li>Give individual legal, tax or immigration advice as if it were certain.</li>
  <li>Post anyone's personal details.</li>
</ul>
<p>Accounts that break these rules repeatedly are blocked. If you see a problem, tell an admin.</p>`,
  },
  {
    slug: "uk-government-business-guidance-index",
    title: "Business and self-employed: the UK government's guidance index",
    category: "uncategorized",
    author: "meera_iyer",
    status: "published",
    daysAgo: 60,
    type: "external_link",
    externalUrl: "https://www.gov.uk/browse/business",
    excerpt:
      "Every official UK guide for businesses in one place: tax, employment, premises, exporting and more.",
    tags: ["company formation", "tax"],
    content: "<p>Bookmark this: the index of official UK guidance for businesses.</p>",
  },
];
