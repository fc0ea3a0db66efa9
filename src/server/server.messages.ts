// The server core's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const serverMessages = {
  preparingTitle: 'Cadence is starting',
  preparingText:
    'It opens its database and, on the first start, builds its web pages, which takes a minute or two on a small machine.',
  preparingReload: 'This page looks again every few seconds and opens Cadence as soon as it is ready.',
  routeNotFound: (method: string, url: string) => `No route for ${method} ${url}`,
  internalError: (requestId: string) =>
    `There was an internal error. Send this message to the administrator and refresh the page. (request id ${requestId})`,
  databaseDown: 'The database is not answering',

  // Malformed requests (decision 024)
  badRequest: 'The request could not be understood. Check what was sent and try again.',
  invalidJson: 'The request body is not valid JSON.',
  nestedTooDeep: (levels: number) => `The request is nested too deeply: at most ${levels} levels are accepted.`,
  nulCharacter: 'This text contains a NUL character (\\u0000), which cannot be saved. Remove it and try again.',
  noValuesToSet: 'No values to set',
  bodyTooLarge: (kilobytes: number) => `The request is too large: at most ${kilobytes} KB are accepted.`,
  urlTooLong: 'The address of the request is too long.',
  headersTooLarge: 'The request headers are too large.',
  uploadNotMultipart: 'Send the file as multipart/form-data, in the field "file".',
  uploadMalformed: 'The upload was cut off or is malformed. Try again.',
  picturesLeftOut: (count: number) =>
    count === 1
      ? 'One picture could not be read and is left out.'
      : `${count} pictures could not be read and are left out.`,
  fileMissing: 'Choose a file to upload',
} as const;
