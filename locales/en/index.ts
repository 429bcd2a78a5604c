import admin from "./admin";
import auth from "./auth";
import batches from "./batches";
import catalog from "./catalog";
import common from "./common";
import contact from "./contact";
import home from "./home";
import legal from "./legal";
import verify from "./verify";

export default { common, home, catalog, verify, contact, auth, admin, batches, legal };
