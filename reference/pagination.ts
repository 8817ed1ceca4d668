/** How List Products cuts the matching products into pages (Pagination; List Products: `total`, `last_page`). */

/** One page of a list: what its pagination says, and which slice of the ordered list it shows. */
export interface Page {
  /** All matching products, not those of this page. */
  readonly total: number;
  readonly lastPage: number;
  /** The slice of the ordered list this page shows. */
  readonly start: number;
  readonly end: number;
  readonly hasPrev: boolean;
  readonly hasNext: boolean;
  /** The page asked for is past the last (answered empty, or refused, as the variant chose). */
  readonly beyondLast: boolean;
}

/** The number of pages of `count` items at `perPage`: a partly filled last page counts, and an empty list has one page. */
export function lastPageOf(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** Page `page` of `count` matching products at `perPage`. */
export function paginate(page: number, perPage: number, count: number): Page {
  const lastPage = lastPageOf(count, perPage);
  // Reading: pagination.page-params, pagination.walk
  const start = (page - 1) * perPage;
  return {
    total: count,
    lastPage,
    start,
    // Reading: pagination.page-params, pagination.walk
    end: Math.min(start + perPage, count),
    // Reading: pagination.link-pages, pagination.empty
    hasPrev: page > 1,
    // Reading: pagination.link-pages, pagination.empty
    hasNext: page < lastPage,
    // Read only where a store refuses such a page (the choice list.pastLastPage): the default answers it empty, as the
    // slice does.
    // Stryker disable next-line all: "Statuses for authentication failure, missing resources and other cases: not shown."
    beyondLast: page > lastPage,
  };
}
