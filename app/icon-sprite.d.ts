/** The URL of the icon sprite (scripts/vite-icon-sprite.ts): hashed in a build, served by Vite in development. */
declare module "virtual:icon-sprite" {
  const url: string;
  export default url;
}
