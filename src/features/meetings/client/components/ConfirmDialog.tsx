// The dialog moved to client/ui, where every feature may use it.
export { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
