/**
 * Conversations, follows and broadcasts of the demo community. Only approved
 * accounts take part, as the spec allows (docs/product/README.md#roles-and-permissions).
 */
import type { DemoUsername } from "./people";

export type DemoReply = { author: DemoUsername; text: string; likes?: DemoUsername[] };

export type DemoThread = {
  post: string;
  author: DemoUsername;
  text: string;
  /** Hours after the post's publication. */
  afterHours: number;
  likes?: DemoUsername[];
  /** Soft-deleted: no longer listed and not counted. */
  deleted?: boolean;
  replies?: DemoReply[];
};

export const DEMO_THREADS: DemoThread[] = [
  {
    post: "set-up-a-uk-limited-company-from-india-step-by-step",
    author: "ananya_gupta",
    afterHours: 5,
    text: "This is the clearest walkthrough I've found. We used a formation agent's address as our registered office and it worked fine.",
    likes: ["priya_sharma", "tom_bennett", "sarah_whitfield"],
    replies: [
      {
        author: "sarah_whitfield",
        text: "Glad it helped! Do check the agent forwards statutory mail promptly — a missed HMRC letter is the usual problem with those addresses.",
        likes: ["ananya_gupta", "kavya_reddy"],
      },
      {
        author: "kavya_reddy",
        text: "Seconding this. Ours took three weeks to forward a letter once.",
      },
    ],
  },
  {
    post: "set-up-a-uk-limited-company-from-india-step-by-step",
    author: "james_patel",
    afterHours: 30,
    text: "Does the director identity verification work with an Indian passport?",
    replies: [
      {
        author: "sarah_whitfield",
        text: "Generally yes, but the accepted routes change — the Companies House page linked in our news section has the current list.",
      },
    ],
  },
  {
    post: "set-up-a-uk-limited-company-from-india-step-by-step",
    author: "tom_bennett",
    afterHours: 52,
    text: "Posted in the wrong thread, sorry!",
    deleted: true,
  },
  {
    post: "pricing-your-saas-for-uk-customers",
    author: "ananya_gupta",
    afterHours: 3,
    text: "We were quoting in dollars until last month. Switching to pounds, excluding VAT, changed the tone of our calls almost immediately.",
    likes: ["arjun_nair", "daniel_okafor"],
    replies: [
      {
        author: "arjun_nair",
        text: "That matches what we saw. Buyers read dollar pricing as 'this company isn't really here yet'.",
        likes: ["ananya_gupta"],
      },
    ],
  },
  {
    post: "pricing-your-saas-for-uk-customers",
    author: "daniel_okafor",
    afterHours: 20,
    text: "From the buyer side at a bank: annual invoicing with a purchase order is a must. Monthly card billing often can't get through procurement at all.",
    likes: ["arjun_nair", "ananya_gupta", "meera_iyer"],
  },
  {
    post: "ama-recap-rohan-mehta-on-raising-pre-seed-in-london",
    author: "priya_sharma",
    afterHours: 2,
    text: "The point about raising where your customers will be really landed for me. Thank you for doing this!",
    likes: ["rohan_mehta"],
    replies: [
      {
        author: "rohan_mehta",
        text: "Thanks Priya — good luck with the app. Come to office hours when you have a deck.",
      },
    ],
  },
  {
    post: "ama-recap-rohan-mehta-on-raising-pre-seed-in-london",
    author: "tom_bennett",
    afterHours: 14,
    text: "Is ten to twenty per cent dilution typical for a marketplace too, or do marketplaces raise bigger pre-seed rounds?",
    replies: [
      {
        author: "rohan_mehta",
        text: "Marketplaces often need more money before they show liquidity, so rounds can be larger. The dilution range is still a fair starting point.",
        likes: ["tom_bennett"],
      },
      { author: "meera_iyer", text: "We'll ask this at the next AMA too — it's a great question." },
    ],
  },
  {
    post: "from-hyderabad-to-shoreditch-launching-a-skincare-brand-in-the-uk",
    author: "kavya_reddy",
    afterHours: 1,
    text: "Thank you for telling our story, Meera! Happy to answer questions from anyone going through the cosmetics regulations.",
    likes: ["meera_iyer", "priya_sharma", "ananya_gupta", "tom_bennett"],
    replies: [
      {
        author: "tom_bennett",
        text: "How did you find your UK Responsible Person? I'm looking at homeware, but I suspect it's a similar process.",
      },
      {
        author: "kavya_reddy",
        text: "Through a recommendation from our chemist. Homeware has different product-safety rules, but start with the official guidance for your category.",
        likes: ["tom_bennett"],
      },
    ],
  },
  {
    post: "from-hyderabad-to-shoreditch-launching-a-skincare-brand-in-the-uk",
    author: "priya_sharma",
    afterHours: 26,
    text: "The pop-up idea is brilliant. Did you get footfall from social media or from people walking past?",
  },
  {
    post: "episode-12-building-a-fintech-bridge-between-mumbai-and-london",
    author: "daniel_okafor",
    afterHours: 8,
    text: '"Our real competitor was a spreadsheet and a WhatsApp group" — so true for cross-border payments for small businesses.',
    likes: ["rohan_mehta", "meera_iyer"],
  },
  {
    post: "hiring-your-first-engineer-in-india-from-a-uk-company",
    author: "ananya_gupta",
    afterHours: 11,
    text: "We went with an employer of record for our first four hires. Make sure you read how they handle IP assignment — ours needed an extra clause.",
    likes: ["arjun_nair"],
    replies: [
      {
        author: "arjun_nair",
        text: "Exactly the trap I had in mind. Thanks for confirming it happens in practice.",
      },
    ],
  },
  {
    post: "gdpr-and-indias-dpdp-act-a-founders-checklist",
    author: "daniel_okafor",
    afterHours: 6,
    text: "Bookmarking this. Point 5 is the one that trips up most suppliers we onboard.",
  },
  {
    post: "london-founder-meet-up-uk-india-expansion-night",
    author: "james_patel",
    afterHours: 4,
    text: "Reserved! Is there a waiting list if it fills up?",
    replies: [
      {
        author: "meera_iyer",
        text: "Yes — reserve anyway and we'll let you know if a place opens up.",
      },
    ],
  },
  {
    post: "london-founder-meet-up-uk-india-expansion-night",
    author: "priya_sharma",
    afterHours: 9,
    text: "Coming down from Leeds for this. See you there!",
    likes: ["meera_iyer", "james_patel"],
  },
  {
    post: "welcome-to-founderbridge",
    author: "tom_bennett",
    afterHours: 48,
    text: "Glad to have found this community. Hello from Bristol!",
    likes: ["meera_iyer"],
  },
  {
    post: "our-first-uk-customer-took-nine-months",
    author: "kavya_reddy",
    afterHours: 16,
    text: "Focus and presence — applies to D2C too. Our pop-up did more than six months of ads.",
    likes: ["arjun_nair", "priya_sharma"],
  },
  {
    post: "ama-recap-sarah-whitfield-answers-your-visa-questions",
    author: "priya_sharma",
    afterHours: 7,
    text: "Really helpful, thank you. I'm finishing my MSc next summer so the switching question is very relevant.",
    replies: [
      {
        author: "sarah_whitfield",
        text: "Start planning early and take individual advice about your dates — timing matters a lot for switching.",
        likes: ["priya_sharma"],
      },
    ],
  },
  {
    post: "pitch-night-recap-six-founders-two-markets",
    author: "ananya_gupta",
    afterHours: 3,
    text: "Still can't quite believe we won. The panel's feedback was worth more than the prize.",
    likes: ["rohan_mehta", "meera_iyer", "kavya_reddy", "tom_bennett", "daniel_okafor"],
    replies: [
      { author: "rohan_mehta", text: "Well deserved. Opening with the fuel bill was the moment." },
    ],
  },
];

/** Who follows whom: members follow mentors and the admin; one mentor follows another. */
export const DEMO_FOLLOWS: { follower: DemoUsername; following: DemoUsername; daysAgo: number }[] =
  [
    { follower: "priya_sharma", following: "rohan_mehta", daysAgo: 90 },
    { follower: "priya_sharma", following: "sarah_whitfield", daysAgo: 37 },
    { follower: "priya_sharma", following: "meera_iyer", daysAgo: 95 },
    { follower: "tom_bennett", following: "rohan_mehta", daysAgo: 80 },
    { follower: "tom_bennett", following: "meera_iyer", daysAgo: 86 },
    { follower: "kavya_reddy", following: "meera_iyer", daysAgo: 78 },
    { follower: "kavya_reddy", following: "arjun_nair", daysAgo: 44 },
    { follower: "daniel_okafor", following: "rohan_mehta", daysAgo: 60 },
    { follower: "daniel_okafor", following: "arjun_nair", daysAgo: 32 },
    { follower: "ananya_gupta", following: "arjun_nair", daysAgo: 62 },
    { follower: "ananya_gupta", following: "rohan_mehta", daysAgo: 55 },
    { follower: "ananya_gupta", following: "sarah_whitfield", daysAgo: 50 },
    { follower: "james_patel", following: "meera_iyer", daysAgo: 39 },
    { follower: "arjun_nair", following: "rohan_mehta", daysAgo: 120 },
  ];

export type DemoBroadcast = {
  title: string;
  message: string;
  link: string;
  roleFilter: "all" | "user" | "mentor" | "admin";
  statusFilter: "approved";
  daysAgo: number;
};

export const DEMO_BROADCASTS: DemoBroadcast[] = [
  {
    title: "London meet-up: places are open",
    message:
      "Our UK–India expansion night is on. Mentor tables, short talks and chai — reserve your place now.",
    link: "/post/london-founder-meet-up-uk-india-expansion-night",
    roleFilter: "all",
    statusFilter: "approved",
    daysAgo: 2,
  },
  {
    title: "Book a slot at mentor office hours",
    message: "Twenty minutes with a mentor, one question, one next step. Free for members.",
    link: "/post/bengaluru-office-hours-with-our-mentors",
    roleFilter: "user",
    statusFilter: "approved",
    daysAgo: 10,
  },
];

/** Left unread by each recipient, so the bell shows a badge. */
export const UNREAD_BROADCAST_TITLE = DEMO_BROADCASTS[0]!.title;
