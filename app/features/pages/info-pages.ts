/**
 * The informational pages (docs/product/reading.md#informational-pages-and-404). Copy is written for this product;
 * {site} is replaced by the configured site name.
 */
export type InfoSection = { heading: string; paragraphs: string[]; bullets?: string[] };
export type InfoPage = {
  path: string;
  title: string;
  description: string;
  lead: string;
  sections: InfoSection[];
  cta?: { label: string; to: string };
};

export const INFO_PAGES: InfoPage[] = [
  {
    path: "/about",
    title: "About Us",
    description:
      "{site} is a mentor-led publishing and community site for early-stage founders building between the UK and India.",
    lead: "{site} helps early-stage founders build products that work in two markets: the United Kingdom and India.",
    sections: [
      {
        heading: "Who we are for",
        paragraphs: [
          "Students, aspiring entrepreneurs, first-time founders and working professionals who want to start something — and the mentors who have done it before.",
        ],
        bullets: [
          "Founders in India preparing to sell to, hire in or set up in the UK.",
          "UK founders looking at India for talent, customers or a second home market.",
          "Mentors and operators who want to share what worked, and what did not.",
        ],
      },
      {
        heading: "What you will find here",
        paragraphs: [
          "Practical guides, news that matters to cross-border teams, AMAs with people who have built companies in both countries, podcast conversations, startup stories and events in London, Bengaluru and online.",
          "Everything is free to read. Members can comment, save posts, follow mentors and get notified when they publish.",
        ],
      },
      {
        heading: "How we work",
        paragraphs: [
          "Posts are written by verified mentors and reviewed before they go live. We point to official sources for rules and figures, because readers act on what they read — and rules change.",
        ],
      },
    ],
    cta: { label: "Read the latest posts", to: "/" },
  },
  {
    path: "/our-story",
    title: "Our Story",
    description:
      "Why {site} exists: the questions founders kept asking between London and Bengaluru.",
    lead: "{site} started as a group chat of founders who kept answering the same questions for each other.",
    sections: [
      {
        heading: "The questions that kept coming back",
        paragraphs: [
          "How do I open a UK bank account from India? Which visa route fits a founder? How do we pay a contractor in Pune from a London company without getting the tax wrong? Each answer took hours to find and was out of date a year later.",
        ],
      },
      {
        heading: "From answers to a community",
        paragraphs: [
          "We began writing the answers down, asking the people who had actually done it to check them. Mentors joined to run AMAs. Events followed, first in London, then in Bengaluru and online.",
          "Today the site brings those guides, conversations and people together in one place, open to anyone who is building across the corridor.",
        ],
      },
    ],
    cta: { label: "Meet the community", to: "/categories" },
  },
  {
    path: "/vision",
    title: "Our Vision",
    description:
      "A world where building a company across the UK and India is as ordinary as building one at home.",
    lead: "We want building a company across the UK and India to feel as ordinary as building one at home.",
    sections: [
      {
        heading: "What we believe",
        paragraphs: [],
        bullets: [
          "Good advice should be free, current and written by people who have done the work.",
          "Founders learn fastest from other founders, a few steps ahead of them.",
          "Two markets are a strength: talent, customers and capital on both sides.",
        ],
      },
      {
        heading: "Where we are going",
        paragraphs: [
          "More mentors in more sectors, more local events, and guides that keep pace with changing rules — so that the next founder spends their time on customers, not on paperwork.",
        ],
      },
    ],
  },
  {
    path: "/our-services",
    title: "Our Services",
    description:
      "Mentoring, guides, events and introductions for founders expanding between the UK and India.",
    lead: "Beyond the free content, we help founders take the next concrete step.",
    sections: [
      {
        heading: "What we offer",
        paragraphs: [],
        bullets: [
          "Mentor office hours: short one-to-one sessions with operators who have expanded between the two countries.",
          "Market-entry guides: step-by-step playbooks for company formation, banking, hiring and selling.",
          "Events: founder evenings, workshops and pitch nights in London, Bengaluru and online.",
          "Introductions: to our legal, accounting and banking partners when you need a professional.",
        ],
      },
      {
        heading: "How to start",
        paragraphs: [
          "Join for free, complete your profile, and follow the mentors whose experience matches your plans. Approved members can book office hours and reserve event places.",
        ],
      },
    ],
    cta: { label: "Partner with us", to: "/partner-with-us" },
  },
  {
    path: "/expand-business-to-uk",
    title: "Expand Business to UK",
    description: "What an Indian founder needs to plan before expanding into the United Kingdom.",
    lead: "Thinking of taking your company from India to the UK? Here is what to plan, in the order most founders meet it.",
    sections: [
      {
        heading: "1. Decide what you need in the UK",
        paragraphs: [
          "Selling to UK customers does not always need a UK company. Hiring, a local bank account and some contracts usually do. Start from what your customers and partners require.",
        ],
      },
      {
        heading: "2. Set up the company and the bank",
        paragraphs: [
          "A private limited company can be formed online with Companies House in about a day; you need a UK registered office address. Banking takes longer — plan for it early.",
        ],
      },
      {
        heading: "3. People and visas",
        paragraphs: [
          "If founders or staff will move, check the current visa routes on GOV.UK before you commit to dates. Rules and fees change; our guides link to the official pages.",
        ],
      },
      {
        heading: "4. Tax and compliance",
        paragraphs: [
          "Transfer pricing, VAT registration and payroll all arrive sooner than founders expect. Speak to an adviser who works on both sides before your first UK invoice.",
        ],
      },
    ],
    cta: { label: "Read our guides", to: "/categories/guides" },
  },
  {
    path: "/expand-business-to-india",
    title: "Expand Business to India",
    description: "What a UK founder needs to plan before expanding into India.",
    lead: "India offers talent, customers and scale. Here is how UK founders usually approach their first step.",
    sections: [
      {
        heading: "1. Choose your entry model",
        paragraphs: [
          "Contractors, an employer-of-record, a liaison office or a private limited subsidiary each fit a different stage. Most teams start small and formalise once the work is proven.",
        ],
      },
      {
        heading: "2. Pick the city for the work",
        paragraphs: [
          "Bengaluru, Hyderabad, Pune, Chennai, Mumbai and the NCR each have different talent pools, costs and ecosystems. Visit before you decide.",
        ],
      },
      {
        heading: "3. Get the rules right",
        paragraphs: [
          "Foreign investment, GST and employment rules apply from day one. Use official sources and a local adviser; our guides point to both.",
        ],
      },
      {
        heading: "4. Build relationships",
        paragraphs: [
          "Customers and partners in India value trust built in person. Our Bengaluru office hours and events are a good place to start.",
        ],
      },
    ],
    cta: { label: "See upcoming events", to: "/categories/events" },
  },
  {
    path: "/partner-with-us",
    title: "Partner With Us",
    description:
      "Work with {site}: sponsor events, reach founders, or join as a mentor or service partner.",
    lead: "We work with organisations that help founders build between the UK and India.",
    sections: [
      {
        heading: "Ways to partner",
        paragraphs: [],
        bullets: [
          "Mentors: share your experience through posts, AMAs and office hours.",
          "Service partners: legal, accounting, banking and relocation firms offering members clear, fairly priced help.",
          "Event partners: host or sponsor founder evenings and workshops.",
          "Ecosystem partners: accelerators, universities and trade bodies on either side.",
        ],
      },
      {
        heading: "Get in touch",
        paragraphs: [
          "Tell us who you are, who you help and what you would like to do together. Sign in and message an admin from your profile, or write to the address in the footer. We reply within a week.",
        ],
      },
    ],
  },
];

export function infoPageByPath(path: string): InfoPage | undefined {
  return INFO_PAGES.find((p) => p.path === path);
}

export function withSiteName(text: string, siteName: string) {
  return text.replaceAll("{site}", siteName);
}
