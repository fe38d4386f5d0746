// The shared run-time surface of the shell and the remotes (a federation singleton).
export { SharedUiProvider } from './SharedUiProvider';
export { theme, media, type Theme } from './theme/theme';
export { GlobalStyle } from './theme/global-style';
export {
  apiFetch,
  ApiError,
  errorMessage,
  type ApiFetchOptions,
  type EndpointCall,
} from './api/api-fetch';
export { REFRESH, swrDefaults, freshFor } from './api/swr';
export { useMutation, type MutationOptions } from './api/use-mutation';
export {
  toast,
  useToastStore,
  TOAST_LIMIT,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_REMOVE_DELAY_MS,
  type ToastOptions,
  type ToastItem,
} from './toast/toast-store';
export { Toaster } from './toast/Toaster';
export {
  formatUsd,
  formatCents,
  formatUsDate,
  formatDeadline,
  formatSalary,
  shorten,
} from './format/format';
export { Button, type ButtonVariant } from './primitives/Button';
export { Card, CardTitle } from './primitives/Card';
export { PageContainer, Stack, Cluster, Panel, EmptyState } from './primitives/layout';
export { Table } from './primitives/Table';
export { DailyStatsChart } from './stats/DailyStatsChart';
export { Notice } from './primitives/Notice';
export {
  Badge,
  StatusBadge,
  jobTypeTone,
  type BadgeTone,
  type StatusTone,
} from './primitives/Badge';
export { Spinner } from './primitives/Spinner';
export { VisuallyHidden } from './primitives/VisuallyHidden';
export { Modal, ModalTitle, type ModalProps } from './primitives/Modal';
export { Pagination, pageItems } from './primitives/Pagination';
export {
  TextField,
  TextArea,
  Select,
  Checkbox,
  Label,
  ErrorText,
  HintText,
  Input,
  type SelectOption,
} from './primitives/fields';
export { RemoteRoot } from './remote/RemoteRoot';
export { renderStandalone } from './standalone/render-standalone';
export { SiteProvider, useSite } from './site/site';
export { useHydrated } from './hooks/use-hydrated';
export {
  useMemberStore,
  loadMember,
  signOutMember,
  startSignIn,
  pendingSignIn,
  endSignIn,
  portalSignInUrl,
  GHOST_SIGN_IN_MARKER,
  PENDING_SIGN_IN_KEY,
  SIGN_IN_WINDOW_MS,
  type MemberStatus,
  type PendingSignIn,
} from './member/member-store';
