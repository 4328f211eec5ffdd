import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { shopSortFields } from './list-query';
import { queryText, requiredText } from './fields';

export const SHOP_MESSAGES = {
  name: 'Shop name is required',
  location: 'Location is required',
  coordinates: 'Pick the location from the search results',
  duplicate: 'Shop with this name and location already exists.',
  notFound: 'Shop not found.',
} as const;

export const shopListQuery = pageQuery.extend({
  keyword: queryText('Keyword'),
  active: booleanQuery.optional(),
  sort: sortQuery(shopSortFields),
});

export const shopRow = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  active: z.boolean(),
  created: z.string(),
});
export type ShopRow = z.infer<typeof shopRow>;

export const shopForm = z.object({
  name: requiredText('Shop name', 200, SHOP_MESSAGES.name),
  location: requiredText('Location', 300, SHOP_MESSAGES.location),
  latitude: z.number({ message: SHOP_MESSAGES.coordinates }).min(-90).max(90),
  longitude: z.number({ message: SHOP_MESSAGES.coordinates }).min(-180).max(180),
});
export type ShopForm = z.input<typeof shopForm>;
