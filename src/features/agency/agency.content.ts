import type { AgencyColor, AgencyIcon } from '../../shared/constants.ts';

// The product's own agency tools (decision 052): written for Cadence, versioned. Each piece has
// a key unique among its siblings; its stable key is the path of keys ('marketing.personas.
// first.goals'). Raise AGENCY_CONTENT.version with any change here: the data migration that runs
// with the schema migrations (agency.sync.ts) then rewrites the shipped rows' text to match,
// retires rows whose key is gone, and never touches answers.

export interface ShippedQuestion {
  key: string;
  question: string;
  /** The most characters an answer may have (500 by default). */
  maxLength?: number;
  /** How many answers it takes (1 by default). */
  numOfAnswers?: number;
  /** Answers are added one by one up to numOfAnswers (Add answer); otherwise all slots show. */
  addAnswer?: boolean;
}

export interface ShippedColumn {
  key: string;
  title: string;
  subtitle?: string;
  image?: AgencyIcon;
  color: AgencyColor;
  /** 'noneditable': a column of guidance; its answers cannot be changed. */
  columnType?: 'editable' | 'noneditable';
  /** Rich text (sanitized like any other). */
  description?: string;
  /** The key of the column (in the same item) this one follows: an arrow leads to it. */
  parentKey?: string;
  questions: ShippedQuestion[];
}

export interface ShippedItem {
  key: string;
  title: string;
  description: string;
  recap?: string;
  url?: string;
  isDefault?: boolean;
  columns: ShippedColumn[];
}

export interface ShippedCategory {
  key: string;
  title: string;
  description: string;
  avatar: AgencyIcon;
  color: AgencyColor;
  buttonTitle: string;
  items: ShippedItem[];
}

export interface ShippedContent {
  version: number;
  categories: ShippedCategory[];
}

const persona = (key: string, title: string, color: AgencyColor, parentKey?: string): ShippedColumn => ({
  key,
  title,
  subtitle: 'One person who buys or uses what you sell',
  image: 'user',
  color,
  ...(parentKey ? { parentKey } : {}),
  questions: [
    { key: 'name', question: 'Name, role and company size', maxLength: 120 },
    { key: 'goals', question: 'What are they trying to achieve this year?', numOfAnswers: 3 },
    { key: 'pains', question: 'What gets in their way?', numOfAnswers: 3 },
    { key: 'channels', question: 'Where do they look for answers?', maxLength: 300 },
    { key: 'trigger', question: 'What makes them start looking for a solution like ours?', maxLength: 300 },
    {
      key: 'objections',
      question: 'What would make them say no?',
      numOfAnswers: 5,
      addAnswer: true,
      maxLength: 200,
    },
  ],
});

const stage = (
  key: string,
  title: string,
  subtitle: string,
  color: AgencyColor,
  parentKey?: string,
): ShippedColumn => ({
  key,
  title,
  subtitle,
  image: 'route',
  color,
  ...(parentKey ? { parentKey } : {}),
  questions: [
    { key: 'doing', question: 'What is the customer doing and thinking?', maxLength: 400 },
    { key: 'touchpoints', question: 'Where do they meet us?', numOfAnswers: 4, addAnswer: true, maxLength: 150 },
    { key: 'feeling', question: 'How do they feel at this stage?', maxLength: 200 },
    { key: 'improve', question: 'One thing we will improve here', maxLength: 250 },
  ],
});

export const AGENCY_CONTENT: ShippedContent = {
  version: 2,
  categories: [
    {
      key: 'strategy',
      title: 'Strategy',
      description:
        'Decide where the business is going and what it will not do. Best filled in at a quarterly or annual planning meeting.',
      avatar: 'compass',
      color: 'indigo',
      buttonTitle: 'Start planning',
      items: [
        {
          key: 'swot',
          title: 'SWOT analysis',
          description: 'Strengths and weaknesses inside the company, opportunities and threats outside it.',
          recap:
            'Finish with the two or three moves that use a strength to take an opportunity, each with an owner and a date.',
          url: 'https://en.wikipedia.org/wiki/SWOT_analysis',
          isDefault: true,
          columns: [
            {
              key: 'how',
              title: 'How to use it',
              subtitle: 'Read this first',
              image: 'bulb',
              color: 'gray',
              columnType: 'noneditable',
              description:
                '<p>Give everyone five quiet minutes to write, then read the answers aloud. Keep each point to one line. Facts beat opinions: <strong>name a number or an example</strong> where you can.</p>',
              questions: [],
            },
            {
              key: 'strengths',
              title: 'Strengths',
              subtitle: 'Inside: what we do well',
              image: 'star',
              color: 'green',
              questions: [
                {
                  key: 'list',
                  question: 'What do customers praise us for?',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
                {
                  key: 'assets',
                  question: 'Which skills or assets are hard to copy?',
                  numOfAnswers: 3,
                  maxLength: 200,
                },
              ],
            },
            {
              key: 'weaknesses',
              title: 'Weaknesses',
              subtitle: 'Inside: where we fall short',
              image: 'alert',
              color: 'orange',
              questions: [
                {
                  key: 'list',
                  question: 'Where do we lose deals or customers?',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
                { key: 'gaps', question: 'Which skills or resources are we missing?', numOfAnswers: 3, maxLength: 200 },
              ],
            },
            {
              key: 'opportunities',
              title: 'Opportunities',
              subtitle: 'Outside: what we could take',
              image: 'flag',
              color: 'blue',
              questions: [
                {
                  key: 'list',
                  question: 'Which trends or changes could help us?',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
              ],
            },
            {
              key: 'threats',
              title: 'Threats',
              subtitle: 'Outside: what could hurt us',
              image: 'shield',
              color: 'red',
              questions: [
                {
                  key: 'list',
                  question: 'What could hurt us in the next year?',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
              ],
            },
            {
              key: 'moves',
              title: 'Our moves',
              subtitle: 'What we do about it',
              image: 'target',
              color: 'violet',
              parentKey: 'opportunities',
              questions: [
                {
                  key: 'moves',
                  question: 'Which strength meets which opportunity? Name the move.',
                  numOfAnswers: 3,
                  maxLength: 300,
                },
              ],
            },
          ],
        },
        {
          key: 'one-page-plan',
          title: 'One-page plan',
          description:
            'The year on one page: where we are going, how we will know, and what we do this quarter. Ready to bring to any meeting.',
          recap: 'A plan everyone can read in two minutes.',
          columns: [
            {
              key: 'purpose',
              title: 'Purpose',
              subtitle: 'Why we exist',
              image: 'heart',
              color: 'grape',
              questions: [
                { key: 'why', question: 'Why does the company exist, beyond making money?', maxLength: 250 },
                { key: 'values', question: 'Our core values', numOfAnswers: 5, addAnswer: true, maxLength: 80 },
              ],
            },
            {
              key: 'three-years',
              title: 'Three years out',
              subtitle: 'What it looks like',
              image: 'compass',
              color: 'indigo',
              parentKey: 'purpose',
              questions: [
                { key: 'revenue', question: 'Revenue and profit', maxLength: 120 },
                {
                  key: 'picture',
                  question: 'What does the company look like?',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
              ],
            },
            {
              key: 'this-year',
              title: 'This year',
              subtitle: 'The plan',
              image: 'calendar',
              color: 'blue',
              parentKey: 'three-years',
              questions: [
                {
                  key: 'measurables',
                  question: 'How we will know we are on track (numbers)',
                  numOfAnswers: 3,
                  maxLength: 150,
                },
                { key: 'goals', question: 'Goals for the year', numOfAnswers: 5, addAnswer: true, maxLength: 200 },
              ],
            },
            {
              key: 'quarter',
              title: 'This quarter',
              subtitle: 'What we do now',
              image: 'flag',
              color: 'teal',
              parentKey: 'this-year',
              questions: [
                {
                  key: 'goals',
                  question: 'Quarterly goals (who owns each)',
                  numOfAnswers: 7,
                  addAnswer: true,
                  maxLength: 200,
                },
                { key: 'issues', question: 'The biggest issue in our way', maxLength: 300 },
              ],
            },
          ],
        },
        {
          key: 'positioning',
          title: 'Positioning statement',
          description:
            'One sentence that says who we are for, what we do and why we are different. Everything else in marketing follows from it.',
          recap:
            'For [customer] who [need], [product] is a [category] that [benefit]; unlike [alternative], we [difference].',
          columns: [
            {
              key: 'customer',
              title: 'Customer',
              subtitle: 'Who it is for',
              image: 'users',
              color: 'blue',
              questions: [
                { key: 'who', question: 'For whom? (be narrow)', maxLength: 200 },
                { key: 'need', question: 'Who need or want what?', maxLength: 200 },
              ],
            },
            {
              key: 'offer',
              title: 'Our offer',
              subtitle: 'What we are',
              image: 'target',
              color: 'indigo',
              parentKey: 'customer',
              questions: [
                { key: 'category', question: 'Our product is a … (the category people already know)', maxLength: 150 },
                { key: 'benefit', question: 'That … (the main benefit, in their words)', maxLength: 200 },
              ],
            },
            {
              key: 'difference',
              title: 'Difference',
              subtitle: 'Why us',
              image: 'star',
              color: 'violet',
              parentKey: 'offer',
              questions: [
                { key: 'alternative', question: 'Unlike … (what they would use otherwise)', maxLength: 150 },
                { key: 'proof', question: 'We … (the difference, and the proof of it)', maxLength: 250 },
                { key: 'statement', question: 'The whole statement in one sentence', maxLength: 400 },
              ],
            },
          ],
        },
      ],
    },
    {
      key: 'marketing',
      title: 'Marketing',
      description:
        'Know who you sell to and what they hear from you at every step, so the whole team tells the same story.',
      avatar: 'megaphone',
      color: 'pink',
      buttonTitle: 'Meet your buyers',
      items: [
        {
          key: 'personas',
          title: 'Buyer personas',
          description:
            'Three people who buy from you, described well enough that everyone can picture them: the one who decides, the one who uses, the one who pays.',
          recap: 'Write about real customers you have spoken to, not the ones you wish you had.',
          url: 'https://en.wikipedia.org/wiki/Persona_(user_experience)',
          isDefault: true,
          columns: [
            persona('decider', 'Persona 1: the decider', 'pink'),
            persona('user', 'Persona 2: the daily user', 'grape', 'decider'),
            persona('payer', 'Persona 3: the budget holder', 'violet', 'decider'),
          ],
        },
        {
          key: 'journey',
          title: 'Customer journey',
          description:
            'The steps a customer takes from first hearing of you to telling others about you, and what they meet at each.',
          recap: 'Fix the stage where most people drop out first.',
          columns: [
            stage('awareness', 'Awareness', 'They learn we exist', 'blue'),
            stage('consideration', 'Consideration', 'They compare options', 'cyan', 'awareness'),
            stage('decision', 'Decision', 'They choose and buy', 'teal', 'consideration'),
            stage('onboarding', 'Onboarding', 'Their first weeks', 'green', 'decision'),
            stage('advocacy', 'Advocacy', 'They recommend us', 'lime', 'onboarding'),
          ],
        },
        {
          key: 'value-proposition',
          title: 'Value proposition',
          description: 'Match what a customer needs done with what your product does, one line at a time.',
          columns: [
            {
              key: 'jobs',
              title: 'Customer jobs',
              subtitle: 'What they need to get done',
              image: 'user',
              color: 'orange',
              questions: [
                {
                  key: 'jobs',
                  question: 'Tasks they are trying to finish',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
                {
                  key: 'pains',
                  question: 'What annoys or blocks them',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
                { key: 'gains', question: 'What would delight them', numOfAnswers: 5, addAnswer: true, maxLength: 200 },
              ],
            },
            {
              key: 'product',
              title: 'Our product',
              subtitle: 'How we help',
              image: 'tools',
              color: 'blue',
              parentKey: 'jobs',
              questions: [
                { key: 'features', question: 'What we offer', numOfAnswers: 5, addAnswer: true, maxLength: 200 },
                {
                  key: 'relievers',
                  question: 'Which pain each one removes',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
                {
                  key: 'creators',
                  question: 'Which gain each one creates',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
              ],
            },
            {
              key: 'fit',
              title: 'Fit',
              subtitle: 'The promise',
              image: 'handshake',
              color: 'green',
              parentKey: 'product',
              questions: [{ key: 'promise', question: 'Our promise in one sentence', maxLength: 250 }],
            },
          ],
        },
      ],
    },
    {
      key: 'sales',
      title: 'Sales',
      description: 'A repeatable way to find, win and keep customers, written down so a new seller can follow it.',
      avatar: 'handshake',
      color: 'teal',
      buttonTitle: 'Shape the pipeline',
      items: [
        {
          key: 'icp',
          title: 'Ideal customer profile',
          description:
            'The companies that buy fastest, stay longest and pay best, so the team spends its time on them.',
          isDefault: true,
          columns: [
            {
              key: 'firmographics',
              title: 'Company',
              subtitle: 'Who they are',
              image: 'chart',
              color: 'teal',
              questions: [
                { key: 'industry', question: 'Industries', numOfAnswers: 3, maxLength: 100 },
                { key: 'size', question: 'Size (people or revenue)', maxLength: 100 },
                { key: 'where', question: 'Where they are', maxLength: 150 },
              ],
            },
            {
              key: 'signals',
              title: 'Buying signals',
              subtitle: 'When to call',
              image: 'bulb',
              color: 'cyan',
              questions: [
                {
                  key: 'signals',
                  question: 'What tells us they are ready to buy?',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
              ],
            },
            {
              key: 'disqualifiers',
              title: 'Not a fit',
              subtitle: 'When to walk away',
              image: 'alert',
              color: 'red',
              questions: [
                {
                  key: 'list',
                  question: 'What makes a prospect a poor fit?',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
              ],
            },
          ],
        },
        {
          key: 'process',
          title: 'Sales process',
          description: 'The stages of a deal, what must be true to move on, and who does what.',
          recap: 'A deal moves to the next stage only when the exit rule is met.',
          columns: [
            {
              key: 'lead',
              title: 'Lead',
              subtitle: 'First contact',
              image: 'user',
              color: 'blue',
              questions: [
                { key: 'source', question: 'Where leads come from', numOfAnswers: 4, addAnswer: true, maxLength: 150 },
                { key: 'exit', question: 'Exit rule: what must be true to move on', maxLength: 250 },
              ],
            },
            {
              key: 'discovery',
              title: 'Discovery',
              subtitle: 'Understand the need',
              image: 'compass',
              color: 'cyan',
              parentKey: 'lead',
              questions: [
                {
                  key: 'questions',
                  question: 'Questions we always ask',
                  numOfAnswers: 6,
                  addAnswer: true,
                  maxLength: 200,
                },
                { key: 'exit', question: 'Exit rule', maxLength: 250 },
              ],
            },
            {
              key: 'proposal',
              title: 'Proposal',
              subtitle: 'Make the offer',
              image: 'coins',
              color: 'teal',
              parentKey: 'discovery',
              questions: [
                {
                  key: 'contents',
                  question: 'What every proposal contains',
                  numOfAnswers: 5,
                  addAnswer: true,
                  maxLength: 200,
                },
                { key: 'exit', question: 'Exit rule', maxLength: 250 },
              ],
            },
            {
              key: 'close',
              title: 'Close',
              subtitle: 'Win and hand over',
              image: 'handshake',
              color: 'green',
              parentKey: 'proposal',
              questions: [
                {
                  key: 'handover',
                  question: 'What the customer team needs from sales',
                  numOfAnswers: 4,
                  addAnswer: true,
                  maxLength: 200,
                },
              ],
            },
          ],
        },
        {
          key: 'objections',
          title: 'Objection handling',
          description: 'The objections you hear most, and the answer the whole team gives.',
          columns: [
            {
              key: 'price',
              title: 'Price',
              subtitle: '“It costs too much”',
              image: 'coins',
              color: 'orange',
              questions: [
                { key: 'meaning', question: 'What they usually mean', maxLength: 250 },
                { key: 'answer', question: 'Our answer', maxLength: 400 },
              ],
            },
            {
              key: 'timing',
              title: 'Timing',
              subtitle: '“Not now”',
              image: 'calendar',
              color: 'yellow',
              questions: [
                { key: 'meaning', question: 'What they usually mean', maxLength: 250 },
                { key: 'answer', question: 'Our answer', maxLength: 400 },
              ],
            },
            {
              key: 'competitor',
              title: 'Competitor',
              subtitle: '“We use someone else”',
              image: 'shield',
              color: 'red',
              questions: [
                { key: 'meaning', question: 'What they usually mean', maxLength: 250 },
                { key: 'answer', question: 'Our answer', maxLength: 400 },
              ],
            },
          ],
        },
      ],
    },
    {
      key: 'operations',
      title: 'Operations',
      description: 'How the work gets done every week: processes, roles and the risks to keep an eye on.',
      avatar: 'settings',
      color: 'orange',
      buttonTitle: 'Tune the machine',
      items: [
        {
          key: 'process-map',
          title: 'Core process map',
          description:
            'One core process from start to finish: who supplies what, the steps, and what the customer gets.',
          isDefault: true,
          columns: [
            {
              key: 'inputs',
              title: 'Inputs',
              subtitle: 'What starts it',
              image: 'flag',
              color: 'gray',
              questions: [
                {
                  key: 'suppliers',
                  question: 'Who or what supplies the work',
                  numOfAnswers: 4,
                  addAnswer: true,
                  maxLength: 150,
                },
                { key: 'inputs', question: 'What they hand over', numOfAnswers: 4, addAnswer: true, maxLength: 150 },
              ],
            },
            {
              key: 'steps',
              title: 'Steps',
              subtitle: 'Five to seven at most',
              image: 'route',
              color: 'blue',
              parentKey: 'inputs',
              questions: [
                { key: 'steps', question: 'The steps, in order', numOfAnswers: 7, addAnswer: true, maxLength: 150 },
              ],
            },
            {
              key: 'outputs',
              title: 'Outputs',
              subtitle: 'What the customer gets',
              image: 'star',
              color: 'green',
              parentKey: 'steps',
              questions: [
                { key: 'outputs', question: 'What comes out', numOfAnswers: 3, maxLength: 150 },
                { key: 'measure', question: 'How we measure it is done well', maxLength: 200 },
              ],
            },
          ],
        },
        {
          key: 'roles',
          title: 'Roles and responsibilities',
          description: 'Each seat in the team, what it is accountable for and who sits in it.',
          columns: [
            {
              key: 'leadership',
              title: 'Leadership',
              subtitle: 'Sets the direction',
              image: 'compass',
              color: 'indigo',
              questions: [
                { key: 'person', question: 'Who sits in the seat', maxLength: 100 },
                { key: 'duties', question: 'Five main responsibilities', numOfAnswers: 5, maxLength: 150 },
              ],
            },
            {
              key: 'delivery',
              title: 'Delivery',
              subtitle: 'Makes and ships',
              image: 'tools',
              color: 'teal',
              parentKey: 'leadership',
              questions: [
                { key: 'person', question: 'Who sits in the seat', maxLength: 100 },
                { key: 'duties', question: 'Five main responsibilities', numOfAnswers: 5, maxLength: 150 },
              ],
            },
            {
              key: 'growth',
              title: 'Growth',
              subtitle: 'Sells and markets',
              image: 'megaphone',
              color: 'pink',
              parentKey: 'leadership',
              questions: [
                { key: 'person', question: 'Who sits in the seat', maxLength: 100 },
                { key: 'duties', question: 'Five main responsibilities', numOfAnswers: 5, maxLength: 150 },
              ],
            },
          ],
        },
        {
          key: 'risks',
          title: 'Risk register',
          description: 'The few things that could stop the business, how likely they are, and what you do about them.',
          recap: 'Review it every quarter; close risks that no longer matter.',
          columns: [
            {
              key: 'risks',
              title: 'Risks',
              subtitle: 'What could go wrong',
              image: 'alert',
              color: 'red',
              questions: [
                {
                  key: 'list',
                  question: 'Risk, likelihood (low / medium / high) and impact',
                  numOfAnswers: 8,
                  addAnswer: true,
                  maxLength: 250,
                },
              ],
            },
            {
              key: 'responses',
              title: 'Responses',
              subtitle: 'What we do about it',
              image: 'shield',
              color: 'green',
              parentKey: 'risks',
              questions: [
                {
                  key: 'list',
                  question: 'For each risk: avoid, reduce, share or accept, and who owns it',
                  numOfAnswers: 8,
                  addAnswer: true,
                  maxLength: 250,
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};
