/** Contract of the forum-post calls. */
import { z } from "zod";
import { DASHBOARD_RECENT, defineEndpoint, firstInFull, IdSchema, SuccessAnswerSchema } from "./common.ts";

/** The author of a post, as embedded in it. */
export const PostAuthorSchema = z.object({
  id: IdSchema.optional(),
  fullName: z.string().nullish(),
  email: z.string().nullish(),
  profilePic: z.string().nullish(),
});

/** A forum post (docs/product.md#data-and-fields); title and description are untrusted member text. */
export const PostSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  // A post whose author was deleted may come without one.
  user: PostAuthorSchema.nullish(),
});
export type Post = z.output<typeof PostSchema>;

/** Answer of GET /posts: every post, newest first, wrapped twice. */
export const PostListAnswerSchema = z.object({
  data: z.object({ data: z.array(PostSchema) }),
});

/** Answer of GET /posts as the dashboard reads it: the latest posts in full, the others counted. */
export const RecentPostsAnswerSchema = z.object({
  data: z.object({ data: firstInFull(PostSchema, DASHBOARD_RECENT, z.object({})) }),
});

/** The post calls of docs/product.md#upstream-calls; `recent` is `list` read for the dashboard (decision 091). */
export const postEndpoints = {
  list: defineEndpoint({ method: "GET", path: "/posts", answer: PostListAnswerSchema }),
  recent: defineEndpoint({ method: "GET", path: "/posts", answer: RecentPostsAnswerSchema }),
  remove: defineEndpoint({ method: "DELETE", path: "/posts/:id", answer: SuccessAnswerSchema }),
} as const;
