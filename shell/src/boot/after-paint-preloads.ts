import { AFTER_PAINT_PRELOADS_ELEMENT_ID } from '@jobboard/contract/site';

/**
 * A page the server drew keeps its preload hints (the shell's first-view scripts, the route's
 * remote) in an inert `<template>` so that nothing competes with its first paint
 * (api/src/site/shell-page.ts). The entry script runs after that paint: moving them into the head
 * now starts every download at once, instead of each chunk being asked for only when the module
 * before it has been evaluated (bootstrap.ts evaluates them one task at a time).
 */
export function startAfterPaintPreloads(): void {
  const template = document.getElementById(AFTER_PAINT_PRELOADS_ELEMENT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  document.head.append(template.content);
  template.remove();
}
