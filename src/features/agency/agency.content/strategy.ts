import type { ShippedCategory } from './shipped.ts';

export const STRATEGY: ShippedCategory = {
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
};
