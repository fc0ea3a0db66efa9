// What the demo company worked on last year (`npm run seed:demo`): a curated list per meeting,
// written once so that no title repeats anywhere in the workspace (test/seed-demo.test.ts).

export interface DemoBoard {
  name: string;
  color: string;
  /** Left to right; the last list holds the finished cards. */
  lists: string[];
  cards: string[];
}

export interface DemoMeasurable {
  title: string;
  goal: '>=' | '<=' | '==';
  score: string;
  units: string | null;
  type: 'number' | 'dollar' | 'percentage';
  /** Weekly values are drawn around `base`, `spread` wide, with `decimals` digits. */
  base: number;
  spread: number;
  decimals: number;
}

export interface DemoMeetingContent {
  boards: DemoBoard[];
  /** Action items of the meeting that are on no board. */
  todos: string[];
  issues: string[];
  headlines: string[];
  /** One per quarter, oldest first: the last one is this quarter's. */
  goals: string[];
  measurables: DemoMeasurable[];
}

const money = (title: string, score: number, base: number, spread: number): DemoMeasurable => ({
  title,
  goal: '>=',
  score: String(score),
  units: '$',
  type: 'dollar',
  base,
  spread,
  decimals: 0,
});
const count = (
  title: string,
  goal: DemoMeasurable['goal'],
  score: number,
  spread: number,
  units: string | null = null,
) => ({ title, goal, score: String(score), units, type: 'number', base: score, spread, decimals: 0 }) as DemoMeasurable;
const percent = (title: string, goal: DemoMeasurable['goal'], score: number, spread: number, decimals = 1) =>
  ({
    title,
    goal,
    score: String(score),
    units: '%',
    type: 'percentage',
    base: score,
    spread,
    decimals,
  }) as DemoMeasurable;

/** By meeting title (the meetings made in scripts/seed-demo.ts). */
export const DEMO_CONTENT: Record<string, DemoMeetingContent> = {
  'Leadership L10': {
    boards: [
      {
        name: 'Company priorities',
        color: '#0079BF',
        lists: ['Backlog', 'This quarter', 'In progress', 'Review', 'Done'],
        cards: [
          'Renew the office lease for two more years',
          'Move payroll to the new provider',
          'Agree the 2027 budget with the bank',
          'Write the remote-work policy',
          'Pick a new health insurance plan',
          'Set up the quarterly board reporting pack',
          'Replace the expense tool with card-level receipts',
          'Document the month-end close checklist',
          'Run the annual engagement survey',
          'Negotiate the cloud hosting contract',
          'Prepare the investor update for Q3',
          'Review the price of the enterprise tier',
        ],
      },
      {
        name: 'Hiring plan',
        color: '#C377E0',
        lists: ['Open roles', 'Sourcing', 'Interviewing', 'Offer', 'Filled'],
        cards: [
          'Hire a senior backend engineer',
          'Hire a second account executive',
          'Hire a customer success lead',
          'Hire a part-time bookkeeper',
          'Write the job post for a product designer',
          'Set up the referral bonus scheme',
          'Book the careers fair stand in Boston',
          'Build the interview scorecard for sales roles',
          'Onboard the new support specialist',
          'Agree salary bands for 2027',
          'Replace the applicant tracking spreadsheet',
          'Interview agencies for recruiting help',
        ],
      },
    ],
    todos: ['Sign the new bank mandate', 'Book the offsite venue for March'],
    issues: [
      'Cash runway is under nine months at the current burn',
      'Support backlog doubles every Monday morning',
      'Two customers ask for SOC 2 before they renew',
      'Sales and marketing disagree on what a qualified lead is',
      'Office internet drops during video calls',
      'No one owns the partner programme',
      'Onboarding a new hire takes three weeks',
    ],
    headlines: [
      'Closed the Acme Corp renewal at an 18% uplift',
      "Sam's talk accepted at the Boston DevOps meetup",
      'Churn fell below 2% for the first time',
      'Website traffic up 40% since the relaunch',
      'Tom finished the ISO 27001 gap assessment',
    ],
    goals: [
      'Reach $1.2M in annual recurring revenue',
      'Cut customer onboarding to one week',
      'Hire five people without missing a start date',
      'Pass the SOC 2 Type I audit',
    ],
    measurables: [
      money('Revenue booked', 25000, 26000, 9000),
      money('Cash in the bank', 400000, 480000, 140000),
      percent('Customer churn', '<=', 2.5, 1.4),
      count('Open support tickets', '<=', 30, 14),
      count('Employee NPS', '>=', 30, 20),
    ],
  },
  'Marketing Team': {
    boards: [
      {
        name: 'Campaigns',
        color: '#D29034',
        lists: ['Ideas', 'Planned', 'Doing', 'Waiting', 'Live'],
        cards: [
          'Launch the spring webinar series',
          'Refresh the case study page with three new stories',
          'Plan the booth for SaaS Connect',
          'Run the win-back email to lapsed trials',
          'A/B test the pricing page headline',
          'Brief the agency on the LinkedIn ads',
          'Record the product tour video',
          'Send the November newsletter',
          'Set up UTM tracking for partner links',
          'Draft the press release for the Globex partnership',
          'Translate the landing page for Germany',
          'Clean up the lead sources in the CRM',
        ],
      },
      {
        name: 'Content calendar',
        color: '#519839',
        lists: ['Backlog', 'Writing', 'Editing', 'Scheduled', 'Published'],
        cards: [
          'Blog: five signs your weekly meeting is broken',
          'Blog: how we run quarterly planning',
          'Guide: a scorecard for a 20-person team',
          'Customer story: how Acme cut meeting time by a third',
          'Podcast episode with the Globex COO',
          'Ebook: the leadership meeting playbook',
          'Blog: hiring your first salesperson',
          'Checklist: the first 90 days of a new manager',
          'Video: two-minute agenda tips',
          'Blog: what we learned from 100 demos',
          'Infographic: the cost of a bad meeting',
          'Newsletter feature on the mobile app',
        ],
      },
    ],
    todos: ['Renew the stock photo licence', 'Order new trade show banners'],
    issues: [
      'Form spam is filling the CRM',
      'Paid search cost per lead up 35% this quarter',
      'The brand guidelines are out of date',
      'No budget owner for events',
      'Blog posts wait three weeks for review',
      'Demo requests from outside the US go unanswered',
    ],
    headlines: [
      'Webinar with 310 sign-ups, a record',
      'Featured in the SaaS Weekly newsletter',
      'The German landing page is live',
      'Organic sign-ups up 22% month over month',
      'Priya joined the panel at Marketing Summit',
    ],
    goals: [
      'Generate 600 marketing-qualified leads',
      'Publish two customer stories a month',
      'Launch the new website',
      'Grow the newsletter to 8,000 subscribers',
    ],
    measurables: [
      count('New qualified leads', '>=', 40, 18, 'leads'),
      count('Website visitors', '>=', 12000, 5000),
      { ...money('Cost per lead', 120, 110, 50), goal: '<=' },
      count('Newsletter sign-ups', '>=', 150, 80),
      count('Webinar attendees', '>=', 80, 50),
    ],
  },
  'Sales Team': {
    boards: [
      {
        name: 'Pipeline',
        color: '#B04632',
        lists: ['Prospecting', 'Qualified', 'Proposal', 'Negotiation', 'Closed'],
        cards: [
          'Follow up with Initech after the demo',
          'Send the proposal to Umbrella Health',
          'Book the security review call with Stark Logistics',
          'Renewal quote for Wayne Foods',
          "Pilot plan for Hooli's support team",
          'Reference call for Cyberdyne with Acme',
          'Pricing exception for Soylent Co-op',
          'Contract redlines from Vandelay Industries',
          "Intro meeting with Pied Piper's new COO",
          'Upsell the analytics add-on to Globex',
          'Re-engage Tyrell Logistics after their budget freeze',
          'Quarterly business review with Massive Dynamic',
        ],
      },
      {
        name: 'Sales enablement',
        color: '#89609E',
        lists: ['Backlog', 'Next', 'Doing', 'Review', 'Done'],
        cards: [
          'Update the discovery call script',
          'Build the ROI calculator',
          'Record three demo videos by industry',
          'Write the objection-handling guide',
          'Set up commission reporting in the CRM',
          'Walk Aiko through the enterprise contract',
          'Create the competitor comparison sheet',
          'Merge duplicate accounts in the CRM',
          'Refresh the sales deck for 2027',
          'Define the handover checklist to customer success',
          'Add e-signature to the order form',
          'Shadow five support calls',
        ],
      },
    ],
    todos: ['Send the Q4 commission statements', 'Update the territory map'],
    issues: [
      'Deals stall at legal review for weeks',
      'Discounts above 20% need faster approval',
      'The CRM forecast does not match the spreadsheet',
      'Trial users never hear from sales',
      'Enterprise prospects ask for SSO',
      'Too many no-shows on first calls',
    ],
    headlines: [
      'Signed Umbrella Health, our largest deal yet',
      'Aiko hit 140% of quota in Q2',
      'Win rate against our main competitor up to 45%',
      'Two referrals from Acme this month',
      'Average sales cycle down to 34 days',
    ],
    goals: [
      'Close $400k in new business',
      'Add 25 new customers',
      'Keep net revenue retention above 110%',
      'Launch the reseller programme',
    ],
    measurables: [
      count('New deals closed', '>=', 3, 4),
      money('Pipeline added', 150000, 160000, 90000),
      count('Demos held', '>=', 12, 8),
      percent('Win rate', '>=', 30, 14),
      money('Average deal size', 9000, 9500, 4000),
    ],
  },
  'Engineering Sync': {
    boards: [
      {
        name: 'Sprint board',
        color: '#00AECC',
        lists: ['Backlog', 'Ready', 'In progress', 'Code review', 'Shipped'],
        cards: [
          'Sign-in with Google Workspace',
          'Dashboard loads in under a second',
          'Export the scorecard to Excel',
          'Fix time zones on recurring meetings',
          'Dark mode for the meeting screen',
          'Bulk edit for action items',
          'Email digest of overdue to-dos',
          'Rate-limit the public API',
          'Audit log for admin changes',
          'Mobile layout for the issues list',
          'Slack message for new headlines',
          'Archive old boards automatically',
        ],
      },
      {
        name: 'Tech debt',
        color: '#838C91',
        lists: ['Noticed', 'Planned', 'Doing', 'Review', 'Done'],
        cards: [
          'Upgrade the database to PostgreSQL 17',
          'Remove the legacy v1 API endpoints',
          'Move background jobs off the web servers',
          'Replace the hand-rolled date helpers',
          'Halve the end-to-end test time',
          'Split billing into its own module',
          'Rotate the production database credentials',
          'Alert on failed nightly backups',
          'Pin every dependency version',
          'Delete unused feature flags',
          'Document the deployment runbook',
          'Shrink the Docker image',
        ],
      },
    ],
    todos: ['Renew the TLS certificate for the status page', 'Review the on-call rota for December'],
    issues: [
      'The nightly backup failed twice last week',
      'A flaky checkout test blocks releases',
      'Only Tom can deploy to production',
      'Support escalations interrupt the sprint',
      'The staging database is six months old',
      'Pages take over four seconds to load in Australia',
    ],
    headlines: [
      'Zero downtime during the database migration',
      'Sam shipped the Excel export a week early',
      'The test suite now runs in eight minutes',
      'Error rate down 60% since the last release',
      'Our first open-source fix merged upstream',
    ],
    goals: [
      'Ship single sign-on',
      'Keep uptime above 99.9%',
      'Release every two weeks without a rollback',
      'Cut cloud costs by 15%',
    ],
    measurables: [
      count('Releases shipped', '==', 1, 1),
      percent('Uptime', '>=', 99.9, 0.2, 2),
      count('Open bugs', '<=', 25, 14),
      count('Code reviews waiting', '<=', 8, 8),
      count('Build time', '<=', 12, 6, 'min'),
    ],
  },
  'Acme Corp': {
    boards: [],
    todos: [
      'Send Acme the rollout plan for the Denver office',
      "Set up admin training for Acme's team leads",
      'Share the Q3 usage report with Acme',
      "Confirm Acme's new invoice address",
      'Invite Acme to the customer advisory board',
    ],
    issues: [
      "Acme's IT blocks our invitation emails",
      'Acme wants meetings in two languages',
      "Low weekly use in Acme's finance team",
    ],
    headlines: ['Acme rolled out to all 12 teams', "Acme's CEO quoted us in their annual report"],
    goals: [],
    measurables: [],
  },
  Globex: {
    boards: [],
    todos: [
      'Prepare the Globex renewal proposal',
      'Book the onsite visit in Chicago',
      "Map Globex's org chart for the expansion",
      "Fix Globex's duplicate user accounts",
      'Send Globex the security questionnaire answers',
    ],
    issues: [
      "Globex's champion leaves in January",
      'Globex asks for a discount on 200 extra seats',
      'Globex reports slow exports on large boards',
    ],
    headlines: ['Globex signed the three-year extension', "Globex's ops team rates every meeting 9 or 10"],
    goals: [],
    measurables: [],
  },
};

/** Comments on cards: notes people leave between meetings. */
export const DEMO_COMMENTS = [
  '<p>Spoke to finance: the numbers work.</p>',
  '<p>Moved to next week, waiting on the vendor.</p>',
  '<p>Draft is in the shared folder, please review by Friday.</p>',
  '<p>Done for the US; Europe is still open.</p>',
  '<p>Blocked until legal signs off.</p>',
  '<p>Two of the three steps are finished.</p>',
  '<p>Discussed in the meeting: keep it, lower priority.</p>',
  '<p>Customer confirmed by email this morning.</p>',
];

/** A card's checklist: its steps. */
/** The steps every demo goal is broken into (its milestones). */
export const DEMO_MILESTONES = [
  'Agree the plan and the owner of each part',
  'First results in',
  'Halfway review',
  'Done and shown to the team',
];

/** Chores each meeting's to-dos repeat: the rule, and days from today to the current one's due date. */
export const DEMO_REPEATING = [
  { title: 'Send the weekly numbers to the team', repeat: { frequency: 'weekly' }, dueIn: 3 },
  { title: 'Reconcile the bank accounts', repeat: { frequency: 'monthly', advance: 'due' }, dueIn: 12 },
] as const;

export const DEMO_CHECKLIST = ['Agree the scope', 'Do the work', 'Share the result', 'Close the loop with the team'];
