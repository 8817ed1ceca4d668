/** The event catalogue, as the spec lists it (Events part): 20 entries, in this order. */
export const EventCatalogue = [
  { value: 'order.created', label: 'Order Created' },
  { value: 'order.updated', label: 'Order Updated' },
  { value: 'order.status.changed', label: 'Order Status Changed' },
  { value: 'product.created', label: 'Product Created' },
  { value: 'product.updated', label: 'Product Updated' },
  { value: 'product.deleted', label: 'Product Deleted' },
  { value: 'product.stock.update', label: 'Product Stock Updated' },
  { value: 'product.review.submitted', label: 'Product Review Submitted' },
  { value: 'cart.abandoned', label: 'Cart Abandoned' },
  { value: 'customer.created', label: 'Customer Created' },
  { value: 'customer.updated', label: 'Customer Updated' },
  { value: 'customer.login', label: 'Customer Login' },
  { value: 'customer.welcome', label: 'Welcome Messages' },
  { value: 'digital.codes.sent', label: 'Sending Digital Codes' },
  { value: 'brand.created', label: 'Brand Created' },
  { value: 'brand.updated', label: 'Brand Updated' },
  { value: 'brand.deleted', label: 'Brand Deleted' },
  { value: 'category.created', label: 'Category Created' },
  { value: 'category.updated', label: 'Category Updated' },
  { value: 'category.deleted', label: 'Category Deleted' },
] as const;

export type EventName = (typeof EventCatalogue)[number]['value'];
export const EventNames: readonly EventName[] = EventCatalogue.map((entry) => entry.value);

/** The product list's localized type labels (Resources: Product, `type`). */
export const ProductTypeLabels = { physical: 'مادي', digital: 'رقمي', booking: 'حجز', service: 'خدمة' } as const;
