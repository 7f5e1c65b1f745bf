CREATE TABLE "post_views" (
	"post_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_views_post_id_visitor_key_pk" PRIMARY KEY("post_id","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_views_viewed_at_idx" ON "post_views" USING btree ("viewed_at");