import { MARKETING } from './agency.content/marketing.ts';
import { OPERATIONS } from './agency.content/operations.ts';
import { SALES } from './agency.content/sales.ts';
import type { ShippedContent } from './agency.content/shipped.ts';
import { STRATEGY } from './agency.content/strategy.ts';

// The product's own agency tools (decision 052): written for Cadence, versioned, one category a
// file in agency.content/ (listed below in the order they are shown). Each piece has a key unique
// among its siblings; its stable key is the path of keys ('marketing.personas.first.goals'). Raise
// AGENCY_CONTENT.version with any change to them: the data migration that runs with the schema
// migrations (agency.sync.ts) then rewrites the shipped rows' text to match, retires rows whose key
// is gone, and never touches answers.

export const AGENCY_CONTENT: ShippedContent = {
  version: 2,
  categories: [STRATEGY, MARKETING, SALES, OPERATIONS],
};
