/**
 * The `/v1` page/size paging (pages from 1) translated to the offset/limit paging most
 * upstreams speak, and the `hasMore` flag of PlaylistDetail.
 */

/** The zero-based offset of the first item of `page` (pages count from 1). */
export function offsetOf(page: number, size: number): number {
  return (Math.max(1, page) - 1) * size;
}

/** Whether items remain after `page` of `size` items, out of `total`. */
export function hasMoreAfter(page: number, size: number, total: number): boolean {
  return offsetOf(page, size) + size < total;
}
