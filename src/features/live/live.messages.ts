// The live meeting's own texts (the older ones are still in src/shared/messages.ts).
export const liveMessages = {
  copyVideoLink: 'Copy the video conference link',
  videoLinkCopied: 'Video conference link copied',
  /** The live channel has no user to join as (document 1 §8, document 2's error table). */
  sessionNotLoaded: 'Your session was not properly loaded, please refresh the page.',
};
