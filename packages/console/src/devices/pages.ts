/**
 * SPEC section 2: the camera-related pages (and the library's two confirmation pages, issue 27). While at least one of them is open (as a tab) the console
 * keeps the document camera attached and tells the bridge so; when none remain the bridge stops its
 * background polling and the periodic restart (SPEC section 4).
 */
export const CAMERA_PAGES = [
  '/express/sign',
  '/laboratory/before-analysis/input-test-project',
  '/laboratory/before-analysis/batch-enter-test-items',
  '/laboratory/before-analysis/test-project-review',
  '/laboratory/before-analysis/input-subject',
  '/laboratory/before-analysis/subject-review',
  // Issue 27: identity-verified custody at a bill's confirmation (head camera, document camera).
  '/specimen/manage/out-warehouse-bill-confirm',
  '/specimen/manage/destroy-bill-confirm',
  // Issue 29: a contract's signed scan may be taken with the document camera.
  '/marketing/contract',
] as const;

export type CameraPage = (typeof CAMERA_PAGES)[number];

const SET: ReadonlySet<string> = new Set(CAMERA_PAGES);

export function isCameraPage(path: string): path is CameraPage {
  return SET.has(path);
}

/** The camera pages among the given route paths, sorted and without repeats (a stable subscription). */
export function cameraPagesOf(paths: Iterable<string>): string[] {
  return [...new Set([...paths].filter(isCameraPage))].sort();
}
