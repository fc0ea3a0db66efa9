// Texts of the workspaces area.

export const workspacesMessages = {
  logoNotAPicture: 'A logo is an uploaded picture or an address starting with https://',
};
