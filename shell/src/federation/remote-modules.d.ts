/* eslint-disable @typescript-eslint/consistent-type-imports -- ambient module declarations cannot have top-level imports */
// Types of what the remotes expose (the federation's type generation is off: DESIGN.md 2).
// Every exposed page is a React component taking no props.
declare module 'mfe_board/*' {
  const Page: import('react').ComponentType;
  export default Page;
}
declare module 'mfe_submit/*' {
  const Page: import('react').ComponentType;
  export default Page;
}
declare module 'mfe_admin/*' {
  const Page: import('react').ComponentType;
  export default Page;
}
