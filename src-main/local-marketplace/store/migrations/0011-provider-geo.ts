import type { Migration } from './index';

/**
 * A spatial index of the providers' home bases, for the provider search around a site
 * (domain/provider-search.ts): an R*Tree of points (each box a point; the exact degrees kept beside
 * it, as the tree rounds its bounds to 32-bit floats). The home base stays in the provider's `data`
 * (`coords`), as every other part of the profile; triggers keep the tree equal to it, whoever writes
 * the users table (the seed, tests), so nothing can forget to.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'provider-geo',
  up: `
    CREATE VIRTUAL TABLE provider_homes USING rtree(
      id, min_latitude, max_latitude, min_longitude, max_longitude, +latitude, +longitude
    );

    CREATE TRIGGER provider_homes_insert AFTER INSERT ON users
    WHEN NEW.role = 'provider' AND json_valid(NEW.data)
      AND json_type(NEW.data, '$.coords.latitude') IN ('real', 'integer')
      AND json_type(NEW.data, '$.coords.longitude') IN ('real', 'integer')
    BEGIN
      INSERT INTO provider_homes VALUES (
        NEW.id,
        json_extract(NEW.data, '$.coords.latitude'), json_extract(NEW.data, '$.coords.latitude'),
        json_extract(NEW.data, '$.coords.longitude'), json_extract(NEW.data, '$.coords.longitude'),
        json_extract(NEW.data, '$.coords.latitude'), json_extract(NEW.data, '$.coords.longitude')
      );
    END;

    CREATE TRIGGER provider_homes_update AFTER UPDATE OF id, role, data ON users
    BEGIN
      DELETE FROM provider_homes WHERE id = OLD.id;
      INSERT INTO provider_homes
      SELECT NEW.id,
        json_extract(NEW.data, '$.coords.latitude'), json_extract(NEW.data, '$.coords.latitude'),
        json_extract(NEW.data, '$.coords.longitude'), json_extract(NEW.data, '$.coords.longitude'),
        json_extract(NEW.data, '$.coords.latitude'), json_extract(NEW.data, '$.coords.longitude')
      WHERE NEW.role = 'provider' AND json_valid(NEW.data)
        AND json_type(NEW.data, '$.coords.latitude') IN ('real', 'integer')
        AND json_type(NEW.data, '$.coords.longitude') IN ('real', 'integer');
    END;

    CREATE TRIGGER provider_homes_delete AFTER DELETE ON users
    BEGIN
      DELETE FROM provider_homes WHERE id = OLD.id;
    END;

    INSERT INTO provider_homes
    SELECT id,
      json_extract(data, '$.coords.latitude'), json_extract(data, '$.coords.latitude'),
      json_extract(data, '$.coords.longitude'), json_extract(data, '$.coords.longitude'),
      json_extract(data, '$.coords.latitude'), json_extract(data, '$.coords.longitude')
    FROM users
    WHERE role = 'provider' AND json_valid(data)
      AND json_type(data, '$.coords.latitude') IN ('real', 'integer')
      AND json_type(data, '$.coords.longitude') IN ('real', 'integer');
  `,
};
