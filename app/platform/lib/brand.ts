/**
 * Brand facts shown to visitors. One typed place; the server may override each value from the
 * environment (see env.server.ts) and passes the result to the client through the root loader.
 */
export type BrandConfig = {
  name: string;
  nameAr: string;
  email: string;
  siteUrl: string;
  social: { instagram: string; facebook: string; twitter: string };
};

export const defaultBrand: BrandConfig = {
  name: "Lunara",
  nameAr: "لونارا",
  email: "care@lunara.example",
  siteUrl: "http://localhost:3000",
  social: {
    instagram: "https://www.instagram.com/lunara.care",
    facebook: "https://www.facebook.com/lunara.care",
    twitter: "https://twitter.com/lunara_care",
  },
};
