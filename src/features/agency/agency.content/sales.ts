import type { ShippedCategory } from './shipped.ts';

export const SALES: ShippedCategory = {
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
      description: 'The companies that buy fastest, stay longest and pay best, so the team spends its time on them.',
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
};
